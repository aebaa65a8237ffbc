"""Gymnasium's ``experimental`` import paths, kept so code written for them runs unchanged."""
