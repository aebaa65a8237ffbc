"""CarRacing's track: a noisy loop through random checkpoints, traced one point per step.

The generator draws from ``np_random`` in the same order, and computes with the same float
operations, as Gymnasium's CarRacing, so a seed gives the same track bit for bit. The public
constants are re-exported by :mod:`gymnasium_core.envs.box2d.car_racing`.
"""

from __future__ import annotations

import math
from typing import Final

import numpy as np

from .car import sign

SCALE: Final[float] = 6.0  # world units per track unit
TRACK_RAD: Final[float] = 900 / SCALE  # radius of the circle the track is bent from
PLAYFIELD: Final[float] = 2000 / SCALE  # leaving this square ends the episode
TRACK_DETAIL_STEP: Final[float] = 21 / SCALE
TRACK_TURN_RATE: Final[float] = 0.31
TRACK_WIDTH: Final[float] = 40 / SCALE
BORDER: Final[float] = 8 / SCALE
BORDER_MIN_COUNT: Final[int] = 4
CHECKPOINTS: Final[int] = 12
TRACK_MAX_POINTS: Final[int] = 2500  # give up a track that has not closed after this many

TrackPoint = tuple[float, float, float, float]  # (alpha, beta, x, y): polar angle, heading, pos


def draw_checkpoints(rng: np.random.Generator) -> list[tuple[float, float, float]]:
    """Twelve ``(angle, x, y)`` targets around the centre; the first and last are fixed."""
    points = []
    for index in range(CHECKPOINTS):
        # Both draws happen for every checkpoint, the fixed ones included.
        noise = rng.uniform(0, 2 * math.pi / CHECKPOINTS)
        angle = 2 * math.pi * index / CHECKPOINTS + noise
        radius = rng.uniform(TRACK_RAD / 3, TRACK_RAD)
        if index == 0:
            angle, radius = 0, 1.5 * TRACK_RAD
        elif index == CHECKPOINTS - 1:
            angle, radius = 2 * math.pi * index / CHECKPOINTS, 1.5 * TRACK_RAD
        points.append((angle, radius * math.cos(angle), radius * math.sin(angle)))
    return points


def aim(
    checkpoints: list[tuple[float, float, float]], target: int, alpha: float
) -> tuple[int, float, float, float]:
    """The first checkpoint at or after polar angle ``alpha`` (unwrapping ``alpha`` if needed)."""
    count = len(checkpoints)
    while True:
        while True:
            target_alpha, target_x, target_y = checkpoints[target % count]
            if alpha <= target_alpha:
                return target, alpha, target_x, target_y
            target += 1
            if target % count == 0:
                break
        alpha -= 2 * math.pi


def trace_track(checkpoints: list[tuple[float, float, float]]) -> list[TrackPoint]:
    """Steer a point around the checkpoints for several laps, one point per step."""
    x, y, heading = 1.5 * TRACK_RAD, 0.0, 0.0
    target, laps, crossed_below = 0, 0, False
    points: list[TrackPoint] = []
    for _ in range(TRACK_MAX_POINTS):
        polar = math.atan2(y, x)
        if crossed_below and polar > 0:
            laps += 1
            crossed_below = False
        if polar < 0:
            crossed_below = True
            polar += 2 * math.pi
        target, polar, target_x, target_y = aim(checkpoints, target, polar)

        dir_x, dir_y = math.cos(heading), math.sin(heading)
        # How far the target lies to the side of the current direction of travel.
        projection = dir_x * (target_x - x) + dir_y * (target_y - y)
        while heading - polar > 1.5 * math.pi:
            heading -= 2 * math.pi
        while heading - polar < -1.5 * math.pi:
            heading += 2 * math.pi
        previous_heading = heading
        projection *= SCALE
        if projection > 0.3:
            heading -= min(TRACK_TURN_RATE, abs(0.001 * projection))
        if projection < -0.3:
            heading += min(TRACK_TURN_RATE, abs(0.001 * projection))
        x += -dir_y * TRACK_DETAIL_STEP
        y += dir_x * TRACK_DETAIL_STEP
        points.append((polar, previous_heading * 0.5 + heading * 0.5, x, y))
        if laps > 4:
            break
    return points


def close_loop(points: list[TrackPoint], start_alpha: float) -> list[TrackPoint] | None:
    """Cut one lap out of the traced points, or ``None`` if it does not join up."""
    last = first = -1
    index = len(points)
    while True:
        index -= 1
        if index == 0:
            return None
        crosses_start = points[index][0] > start_alpha >= points[index - 1][0]
        if crosses_start and last == -1:
            last = index
        elif crosses_start:
            first = index
            break
    lap = points[first : last - 1]
    start_beta, start_x, start_y = lap[0][1], lap[0][2], lap[0][3]
    gap_x = math.cos(start_beta) * (start_x - lap[-1][2])
    gap_y = math.sin(start_beta) * (start_y - lap[-1][3])
    if math.sqrt(gap_x * gap_x + gap_y * gap_y) > TRACK_DETAIL_STEP:
        return None
    return lap


def border_flags(track: list[TrackPoint]) -> list[bool]:
    """Which tiles get a red-and-white kerb: those in or just after a long one-way turn."""
    flags = []
    for index in range(len(track)):
        is_sharp, turn_sum = True, 0.0
        for back in range(BORDER_MIN_COUNT):
            turn = track[index - back][1] - track[index - back - 1][1]
            is_sharp &= abs(turn) > TRACK_TURN_RATE * 0.2
            turn_sum += sign(turn)
        flags.append(is_sharp and abs(turn_sum) == BORDER_MIN_COUNT)
    # Spread each kerb backwards; this runs in place, so it chains across the wrap-around.
    for index in range(len(track)):
        for back in range(BORDER_MIN_COUNT):
            flags[index - back] |= flags[index]
    return flags


def edge(x: float, y: float, beta: float, offset: float) -> tuple[float, float]:
    """The point ``offset`` across the track from ``(x, y)``, whose heading is ``beta``."""
    return x + offset * math.cos(beta), y + offset * math.sin(beta)
