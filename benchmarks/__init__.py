"""Benchmarks comparing gymnasium_core with the reference and other libraries."""
