"""Small tabular learners with plantable bugs, to check the probes' oracles against.

They learn from the probes' numpy vector envs the way a real agent's data pipeline does
(observations, rewards, ``terminated`` / ``truncated``, the autoreset step or ``final_obs``), so
a planted bug shows in the data exactly where an agent's would. Values are one-step TD fixed
points over the collected records (``"td"``) or Monte Carlo returns (``"mc"``): the two ends of
the oracles' intervals. Policies are softmax tables (discrete) or a Gaussian mean (continuous)
trained by REINFORCE with the learned value as the baseline.

A value learner has memory where the probe needs it (its oracle gives histories): its table
is keyed on the episode's previous observation and the current one, and read at the oracle's
histories. Planting ``HISTORY_IGNORED`` takes the memory away.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np

import gymnasium_core as gym
from gymnasium_core.testing.probes import Mistake, ProbeTask, Readings

M = Mistake


@dataclass(frozen=True)
class Record:
    """One learning example: the observation it is about, its reward, and what follows it."""

    key: Hashable  # the observation (with memory: the previous one too), as the table reads it
    reward: float
    stop: bool  # no bootstrapping from ``after``
    after: Hashable | None  # the key bootstrapped from (None: filled by the next record)
    action: Any = None
    env: int = 0


def _key(obs: Any, mistake: Mistake | None) -> float:
    return 0.0 if mistake is M.OBSERVATION_IGNORED else round(float(np.ravel(obs)[0]), 4)


def collect(
    env_id: str,
    act: Any,
    *,
    mistake: Mistake | None = None,
    mode: str = "SameStep",
    num_envs: int = 8,
    steps: int = 60,
    seed: int = 0,
    memory: bool = False,
) -> list[list[Record]]:
    """Step ``num_envs`` copies with ``act(keys) -> actions``; one record stream per copy.

    The stream holds the records a learner with ``mistake`` would learn from, in order. With
    ``memory``, a record's key is ``(previous observation of the episode or None, observation)``.
    """
    envs = gym.make_vec(env_id, num_envs, autoreset_mode=mode)
    obs, _ = envs.reset(seed=seed)
    streams: list[list[Record]] = [[] for _ in range(num_envs)]
    pending: list[Record | None] = [None] * num_envs
    prev_done = np.zeros(num_envs, dtype=bool)
    previous: list[float | None] = [None] * num_envs  # each episode's last observation
    for _ in range(steps):
        keys = [_key(o, mistake) for o in obs]
        actions = act(keys)
        nxt, rewards, terms, truncs, info = envs.step(actions)
        for i in range(num_envs):
            seen = keys[i] if memory else None
            table_key = (previous[i], keys[i]) if memory else keys[i]
            records = _records(
                i, table_key, actions[i], nxt, rewards, terms, truncs, info, prev_done, mistake
            )
            if memory:
                records = [_remember(r, seen) for r in records]
            for record in records:
                if pending[i] is not None:
                    streams[i].append(_fill(pending[i], record.key))
                    pending[i] = None
                if record.after is None:
                    pending[i] = record
                else:
                    streams[i].append(record)
        done = terms | truncs
        for i in range(num_envs):
            # A new episode starts after an end (same-step) or after the autoreset step.
            restarts = prev_done[i] if mode == "NextStep" else done[i]
            previous[i] = None if restarts else keys[i]
        if mode == "NextStep":  # the step after an end is the autoreset step
            prev_done = done
        obs = nxt
    envs.close()
    return streams


def _remember(record: Record, seen: float | None) -> Record:
    """``record`` with what it bootstraps from keyed with memory: ``seen`` came before it."""
    after = None if record.after is None else (seen, record.after)
    key = record.key
    if record.after is None:  # keyed at the returned observation (reward with the next obs)
        key = (seen, record.key)
    return Record(key, record.reward, record.stop, after, record.action, record.env)


def _fill(record: Record | None, after: Hashable) -> Record:
    assert record is not None
    return Record(record.key, record.reward, record.stop, after, record.action, record.env)


def _records(
    i: int,
    key: Hashable,
    action: Any,
    nxt: Any,
    rewards: Any,
    terms: Any,
    truncs: Any,
    info: dict[str, Any],
    prev_done: Any,
    mistake: Mistake | None,
) -> list[Record]:
    """The records one sub-env's step gives a learner with ``mistake``."""
    term, trunc, reward = bool(terms[i]), bool(truncs[i]), float(rewards[i])
    if mistake is M.REWARD_CLIPPED:
        reward = float(np.clip(reward, -1.0, 1.0))
    if prev_done[i] and mistake is not M.RESET_STEP_LEARNED:
        return []  # the next-step autoreset step: nothing to learn
    returned = _key(nxt[i], mistake)
    final = info.get("_final_obs")
    after = _key(info["final_obs"][i], mistake) if final is not None and final[i] else returned
    stop = (term and mistake is not M.TERMINATED_IGNORED) or (
        trunc and mistake is M.TRUNCATION_AS_TERMINATION
    )
    if mistake is M.REWARD_WITH_NEXT_OBS:
        # The reward is stored with the observation the step returned; what it bootstraps from
        # is the observation the next step returns.
        return [Record(returned, reward, stop, None, action, i)]
    return [Record(key, reward, stop, after, action, i)]


def td_values(
    streams: list[list[Record]], gamma: float, sweeps: int = 400, bound: float = np.inf
) -> dict[Hashable, float]:
    """The one-step TD fixed point over the records: each value the mean of its targets.

    A value is kept within ``[-bound, bound]``, as a bounded value head would keep it.
    """
    records = [r for stream in streams for r in stream]
    values: dict[Hashable, float] = defaultdict(float)
    for _ in range(sweeps):
        sums: dict[Hashable, list[float]] = defaultdict(list)
        for r in records:
            boot = 0.0 if r.stop or r.after is None else values[r.after]
            sums[r.key].append(r.reward + gamma * boot)
        values = defaultdict(
            float, {k: float(np.clip(np.mean(v), -bound, bound)) for k, v in sums.items()}
        )
    return dict(values)


def mc_values(
    streams: list[list[Record]], gamma: float, horizon: int = 200, bound: float = np.inf
) -> dict[Hashable, float]:
    """Monte Carlo values: the mean discounted return of each record, along its stream.

    A return runs until a record stops it; records less than ``horizon`` records from the
    stream's end (with no stop in between) are left out. A value is kept within
    ``[-bound, bound]``.
    """
    sums: dict[Hashable, list[float]] = defaultdict(list)
    for stream in streams:
        returns = _returns(stream, gamma, horizon)
        for record, ret in zip(stream, returns, strict=True):
            if ret is not None:
                sums[record.key].append(ret)
    return {k: float(np.clip(np.mean(v), -bound, bound)) for k, v in sums.items()}


def _returns(stream: list[Record], gamma: float, horizon: int) -> list[float | None]:
    """Each record's discounted return along the stream, ``None`` where it is cut short.

    A return stops at a record that stops bootstrapping. Where the stream ends first, the
    return is kept only when at least ``horizon`` records lie between it and the end.
    """
    out: list[float | None] = [None] * len(stream)
    ahead = 0.0
    open_tail, unstopped = True, 0
    for index in range(len(stream) - 1, -1, -1):
        record = stream[index]
        if record.stop:
            ahead, open_tail = record.reward, False
        else:
            ahead = record.reward + gamma * ahead
            unstopped += open_tail
        out[index] = None if open_tail and unstopped < horizon else ahead
    return out


# -- learners a probe run trains ------------------------------------------------------------


def read(
    values: dict[Any, float], observations: Any, mistake: Mistake | None, histories: Any = None
) -> np.ndarray:
    """The learned values at the oracle's observations (NaN where never learned).

    With ``histories`` (a learner with memory), each is read after the last of its history.
    """
    keys: list[Hashable] = [_key(o, mistake) for o in observations]
    if histories is not None:
        keys = [(_key(h[-1], mistake), k) for h, k in zip(histories, keys, strict=True)]
    return np.array([values.get(k, np.nan) for k in keys])


def value_learner(
    task: ProbeTask,
    seed: int,
    *,
    mistake: Mistake | None = None,
    estimator: str = "td",
    mode: str = "SameStep",
) -> Readings | None:
    """Values of the only action's policy; ``None`` for a probe with a choice of actions."""
    space = task.action_space
    if not hasattr(space, "n") or space.n != 1:
        return None
    memory = task.histories is not None and mistake is not M.HISTORY_IGNORED
    # Without memory, the memory probe's value is a mean over random cues: more episodes keep
    # its sampling error (1/sqrt(episodes)) well inside the tolerance.
    num_envs = 64 if task.histories is not None else 8
    streams = collect(
        task.env_id,
        lambda keys: np.zeros(len(keys), int),
        mistake=mistake,
        mode=mode,
        num_envs=num_envs,
        seed=seed,
        memory=memory,
    )
    gamma = task.gamma**2 if mistake is M.DISCOUNT_TWICE else task.gamma
    bound = 1.0 if mistake is M.VALUE_BOUNDED else np.inf
    values = (td_values if estimator == "td" else mc_values)(streams, gamma, bound=bound)
    histories = task.histories if memory else None
    return Readings(values=read(values, task.observations, mistake, histories))


def actor_critic(
    task: ProbeTask,
    seed: int,
    *,
    mistake: Mistake | None = None,
    mode: str = "SameStep",
    rounds: int = 60,
) -> Readings:
    """A softmax table (or a Gaussian mean) trained by REINFORCE with a Monte Carlo critic.

    Each round collects a batch and takes one step along its mean gradient, so the noise of
    single episodes averages out.
    """
    rng = np.random.default_rng(seed)
    gamma = task.gamma**2 if mistake is M.DISCOUNT_TWICE else task.gamma
    space = task.action_space
    continuous = not hasattr(space, "n")
    n = 1 if continuous else int(space.n)
    logits: dict[Hashable, np.ndarray] = defaultdict(lambda: np.zeros(n))
    policy_mean, sigma = 0.0, 0.2
    values: dict[Hashable, float] = defaultdict(float)
    sign = -1.0 if mistake is M.GRADIENT_SIGN_FLIPPED else 1.0

    def squash(u: Any) -> Any:
        return np.tanh(u) if mistake is M.ACTION_NOT_SCALED else u

    def act(keys: list[float]) -> np.ndarray:
        if continuous:
            u = policy_mean + sigma * rng.standard_normal(len(keys))
            return np.asarray(squash(u), dtype=np.float32)[:, None]
        return np.array([rng.choice(n, p=_softmax(logits[k])) for k in keys])

    for round_index in range(rounds):
        streams = collect(
            task.env_id, act, mistake=mistake, mode=mode, seed=seed * 1000 + round_index, steps=24
        )
        samples = [
            (record, ret)
            for stream in streams
            for record, ret in zip(stream, _returns(stream, gamma, 12), strict=True)
            if ret is not None
        ]
        returns: dict[Hashable, list[float]] = defaultdict(list)
        mean_step = 0.0
        grads: dict[Hashable, np.ndarray] = defaultdict(lambda: np.zeros(n))
        for record, ret in samples:
            returns[record.key].append(ret)
            advantage = sign * (ret - values[record.key])
            if continuous:
                a = float(record.action[0])
                u = np.arctanh(np.clip(a, -0.999, 0.999)) if mistake is M.ACTION_NOT_SCALED else a
                mean_step += advantage * (u - policy_mean)
            else:
                grad = -_softmax(logits[record.key])
                grad[int(record.action)] += 1.0
                grads[record.key] += advantage * grad
        for key, rets in returns.items():
            values[key] += 0.5 * (float(np.mean(rets)) - values[key])
        count = max(len(samples), 1)
        policy_mean += 2.0 * mean_step / count
        for key, grad in grads.items():
            logits[key] += 20.0 * grad / count
    observations = task.observations
    if continuous:
        action = float(squash(policy_mean))
        return Readings(
            values=read(values, observations, mistake),
            actions=np.full((len(observations), 1), action),
        )
    probs = np.array([_softmax(logits[_key(o, mistake)]) for o in observations])
    return Readings(values=read(values, observations, mistake), probabilities=probs)


def _softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max())
    return np.asarray(e / e.sum())
