"""Conformance with the installed ``gymnasium``: every public module and name, call-compatible.

For each public module ``gymnasium.X.Y`` of the reference (walked with ``pkgutil``), the module
``gymnasium_core.X.Y`` must exist, hold every public name of the reference module, and each
function and class must accept the calls the reference's accepts (same parameter names, order
and kinds; our extra parameters only with defaults). Classes must also have the reference's
public methods (call-compatible) and class attributes. Modules reachable as attributes right
after ``import gymnasium`` must be reachable the same way after ``import gymnasium_core``.
The checks themselves live in ``tests/_conformance.py``.

Two lists hold what is known not to conform:

* ``_ALLOWED`` -- deliberate, reviewed differences, one line of reason each;
* ``_PENDING`` -- gaps still to close. A pending entry that is no longer a gap fails the test
  (remove it), so the list only shrinks; any gap in neither list fails the test.
"""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium", reason="the reference package is a test dependency")

from tests import _conformance

# Deliberate differences: gap key -> one-line reason.
_ALLOWED: dict[str, str] = {}

_PENDING: dict[str, str] = {
    # --- box2d ---
    "gymnasium.envs.box2d.bipedal_walker:BipedalWalkerHeuristics.a": ("missing"),
    "gymnasium.envs.box2d.bipedal_walker:BipedalWalkerHeuristics.moving_leg": ("missing"),
    "gymnasium.envs.box2d.bipedal_walker:BipedalWalkerHeuristics.state": ("missing"),
    "gymnasium.envs.box2d.bipedal_walker:BipedalWalkerHeuristics.supporting_knee_angle": (
        "missing"
    ),
    "gymnasium.envs.box2d.bipedal_walker:BipedalWalkerHeuristics.supporting_leg": ("missing"),
    "gymnasium.envs.box2d.bipedal_walker:ContactDetector": "missing class",
    "gymnasium.envs.box2d.bipedal_walker:HULL_FD": "missing value",
    "gymnasium.envs.box2d.bipedal_walker:LEG_FD": "missing value",
    "gymnasium.envs.box2d.bipedal_walker:LOWER_FD": "missing value",
    "gymnasium.envs.box2d.car_dynamics:HULL_POLY1": ("list in the reference, tuple here"),
    "gymnasium.envs.box2d.car_dynamics:HULL_POLY2": ("list in the reference, tuple here"),
    "gymnasium.envs.box2d.car_dynamics:HULL_POLY3": ("list in the reference, tuple here"),
    "gymnasium.envs.box2d.car_dynamics:HULL_POLY4": ("list in the reference, tuple here"),
    "gymnasium.envs.box2d.car_dynamics:WHEELPOS": ("list in the reference, tuple here"),
    "gymnasium.envs.box2d.car_racing:GRASS_DIM": "missing value",
    "gymnasium.envs.box2d.lunar_lander:ContactDetector": "missing class",
    # --- classic_control ---
    "gymnasium.envs.phys2d.pendulum:PendulumJaxVectorEnv.metadata": "render_fps 30, reference 50",
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.AVAIL_TORQUE": ("missing"),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.LINK_COM_POS_1": ("missing"),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.LINK_COM_POS_2": ("missing"),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.LINK_LENGTH_1": ("missing"),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.LINK_LENGTH_2": ("missing"),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.LINK_MASS_1": ("missing"),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.LINK_MASS_2": ("missing"),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.LINK_MOI": "missing",
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.MAX_VEL_1": "missing",
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.MAX_VEL_2": "missing",
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.SCREEN_DIM": ("missing"),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.action_arrow": ("missing"),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.actions_num": ("missing"),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.book_or_nips": ("missing"),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.domain_fig": ("missing"),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.dt": "missing",
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.step": (
        "signature: positional parameter 1 should be 'a'; lacks parameter 'a'; extra required pa..."
    ),
    "gymnasium.envs.classic_control.acrobot:AcrobotEnv.torque_noise_max": ("missing"),
    "gymnasium.envs.classic_control.acrobot:bound": "missing callable",
    "gymnasium.envs.classic_control.acrobot:rk4": "missing callable",
    "gymnasium.envs.classic_control.acrobot:wrap": "missing callable",
    "gymnasium.envs.classic_control.cartpole:CartPoleVectorEnv.step": (
        "signature: positional parameter 1 should be 'action'; lacks parameter 'action'; extra r..."
    ),
    "gymnasium.envs.classic_control.pendulum:DEFAULT_X": "missing value",
    "gymnasium.envs.classic_control.pendulum:DEFAULT_Y": "missing value",
    "gymnasium.envs.classic_control.pendulum:PendulumEnv.step": (
        "signature: positional parameter 1 should be 'u'; lacks parameter 'u'; extra required pa..."
    ),
    "gymnasium.envs.classic_control.pendulum:angle_normalize": (
        "signature: positional parameter 0 should be 'x'; extra required parameter 'xp'"
    ),
    "gymnasium.envs.classic_control:AcrobotEnv.AVAIL_TORQUE": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.LINK_COM_POS_1": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.LINK_COM_POS_2": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.LINK_LENGTH_1": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.LINK_LENGTH_2": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.LINK_MASS_1": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.LINK_MASS_2": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.LINK_MOI": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.MAX_VEL_1": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.MAX_VEL_2": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.SCREEN_DIM": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.action_arrow": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.actions_num": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.book_or_nips": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.domain_fig": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.dt": "missing",
    "gymnasium.envs.classic_control:AcrobotEnv.step": (
        "signature: positional parameter 1 should be 'a'; lacks parameter 'a'; extra required pa..."
    ),
    "gymnasium.envs.classic_control:AcrobotEnv.torque_noise_max": "missing",
    "gymnasium.envs.classic_control:PendulumEnv.step": (
        "signature: positional parameter 1 should be 'u'; lacks parameter 'u'; extra required pa..."
    ),
    "gymnasium.envs.phys2d.cartpole:CartPoleFunctional": (
        "signature: positional parameter 0 should be 'options'; lacks parameter 'options'"
    ),
    "gymnasium.envs.phys2d.cartpole:CartPoleFunctional.render_init": (
        "signature: positional parameter 2 should be 'screen_width'; lacks parameter 'screen_wid..."
    ),
    "gymnasium.envs.phys2d.cartpole:CartPoleFunctional.transition": (
        "signature: 'rng' has no default"
    ),
    "gymnasium.envs.phys2d.cartpole:CartPoleParams": "missing class",
    "gymnasium.envs.phys2d.cartpole:PRNGKeyType": "missing class",
    "gymnasium.envs.phys2d.cartpole:RenderStateType": "missing callable",
    "gymnasium.envs.phys2d.cartpole:StateType": "missing class",
    "gymnasium.envs.phys2d.pendulum:PRNGKeyType": "missing class",
    "gymnasium.envs.phys2d.pendulum:PendulumFunctional": (
        "signature: positional parameter 0 should be 'options'; lacks parameter 'options'"
    ),
    "gymnasium.envs.phys2d.pendulum:PendulumFunctional.max_torque": ("missing"),
    "gymnasium.envs.phys2d.pendulum:PendulumFunctional.render_init": (
        "signature: positional parameter 1 should be 'screen_width'; lacks parameter 'screen_wid..."
    ),
    "gymnasium.envs.phys2d.pendulum:PendulumFunctional.transition": (
        "signature: 'rng' has no default"
    ),
    "gymnasium.envs.phys2d.pendulum:PendulumParams": "missing class",
    "gymnasium.envs.phys2d.pendulum:RenderStateType": "missing callable",
    "gymnasium.envs.phys2d.pendulum:StateType": "missing class",
    "gymnasium.envs.phys2d:CartPoleFunctional": "missing class",
    "gymnasium.envs.phys2d:CartPoleJaxEnv": "missing class",
    "gymnasium.envs.phys2d:PendulumFunctional": "missing class",
    "gymnasium.envs.phys2d:PendulumJaxEnv": "missing class",
    # --- edges ---
    "gymnasium.envs.functional_jax_env:FunctionalJaxVectorEnv.step": (
        "signature: positional parameter 1 should be 'action'; lacks parameter 'action'; extra r..."
    ),
    "gymnasium.envs.phys2d.cartpole:CartPoleJaxVectorEnv.step": (
        "signature: positional parameter 1 should be 'action'; lacks parameter 'action'; extra r..."
    ),
    "gymnasium.envs.phys2d.pendulum:PendulumJaxVectorEnv.step": (
        "signature: positional parameter 1 should be 'action'; lacks parameter 'action'; extra r..."
    ),
    "gymnasium.utils.passive_env_checker:check_action_space": (
        "signature: positional parameter 0 should be 'space'; lacks parameter 'space'; lacks par..."
    ),
    "gymnasium.utils.passive_env_checker:check_observation_space": (
        "signature: positional parameter 0 should be 'space'; lacks parameter 'space'; lacks par..."
    ),
    # --- mujoco --- (none)
    # --- toy_text ---
    "gymnasium.envs.tabular.blackjack:BlackJackParams": "missing class",
    "gymnasium.envs.tabular.blackjack:BlackjackFunctional": (
        "signature: positional parameter 0 should be 'options'; lacks parameter 'options'"
    ),
    "gymnasium.envs.tabular.blackjack:BlackjackFunctional.render_init": (
        "signature: positional parameter 1 should be 'screen_width'; lacks parameter 'screen_wid..."
    ),
    "gymnasium.envs.tabular.blackjack:BlackjackFunctional.transition": (
        "signature: positional parameter 3 should be 'key'; lacks parameter 'key'; extra require..."
    ),
    "gymnasium.envs.tabular.blackjack:EnvState": "missing class",
    "gymnasium.envs.tabular.blackjack:PRNGKeyType": "missing class",
    "gymnasium.envs.tabular.blackjack:RenderStateType": "missing callable",
    "gymnasium.envs.tabular.blackjack:cmp": "missing callable",
    "gymnasium.envs.tabular.blackjack:dealer_stop": "missing callable",
    "gymnasium.envs.tabular.blackjack:deck": "missing value",
    "gymnasium.envs.tabular.blackjack:draw_card": "missing callable",
    "gymnasium.envs.tabular.blackjack:draw_card_wrapper": "missing callable",
    "gymnasium.envs.tabular.blackjack:draw_hand": "missing callable",
    "gymnasium.envs.tabular.blackjack:is_bust": "missing callable",
    "gymnasium.envs.tabular.blackjack:is_natural": "missing callable",
    "gymnasium.envs.tabular.blackjack:notake": "missing callable",
    "gymnasium.envs.tabular.blackjack:random_card": "missing callable",
    "gymnasium.envs.tabular.blackjack:score": "missing callable",
    "gymnasium.envs.tabular.blackjack:sum_hand": "missing callable",
    "gymnasium.envs.tabular.blackjack:take": "missing callable",
    "gymnasium.envs.tabular.blackjack:usable_ace": "missing callable",
    "gymnasium.envs.tabular.cliffwalking:CliffWalkingFunctional": (
        "signature: positional parameter 0 should be 'options'; lacks parameter 'options'"
    ),
    "gymnasium.envs.tabular.cliffwalking:CliffWalkingFunctional.action_space": ("missing"),
    "gymnasium.envs.tabular.cliffwalking:CliffWalkingFunctional.metadata": ("missing"),
    "gymnasium.envs.tabular.cliffwalking:CliffWalkingFunctional.observation": (
        "signature: positional parameter 2 should be 'params'"
    ),
    "gymnasium.envs.tabular.cliffwalking:CliffWalkingFunctional.observation_space": ("missing"),
    "gymnasium.envs.tabular.cliffwalking:CliffWalkingFunctional.render_init": (
        "signature: positional parameter 1 should be 'screen_width'; lacks parameter 'screen_wid..."
    ),
    "gymnasium.envs.tabular.cliffwalking:CliffWalkingFunctional.reward": (
        "signature: positional parameter 4 should be 'params'"
    ),
    "gymnasium.envs.tabular.cliffwalking:CliffWalkingFunctional.terminal": (
        "signature: positional parameter 2 should be 'params'"
    ),
    "gymnasium.envs.tabular.cliffwalking:CliffWalkingFunctional.transition": (
        "signature: positional parameter 3 should be 'key'; lacks parameter 'key'; extra require..."
    ),
    "gymnasium.envs.tabular.cliffwalking:EnvState": "missing class",
    "gymnasium.envs.tabular.cliffwalking:PRNGKeyType": "missing class",
    "gymnasium.envs.tabular.cliffwalking:RenderStateType": "missing class",
    "gymnasium.envs.tabular.cliffwalking:fell_off": "missing callable",
    "gymnasium.envs.toy_text.blackjack:ART_PIXEL": "missing value",
    "gymnasium.envs.toy_text.blackjack:BIG_DIGIT_GAP": "missing value",
    "gymnasium.envs.toy_text.blackjack:DEALER_CARD_POS": "missing value",
    "gymnasium.envs.toy_text.blackjack:DEALER_LABEL_POS": "missing value",
    "gymnasium.envs.toy_text.blackjack:FELT_COLOR": "missing value",
    "gymnasium.envs.toy_text.blackjack:HIDDEN_CARD_POS": "missing value",
    "gymnasium.envs.toy_text.blackjack:LABEL_DIGIT_GAP": "missing value",
    "gymnasium.envs.toy_text.blackjack:PLAYER_LABEL_POS": "missing value",
    "gymnasium.envs.toy_text.blackjack:PLAYER_SUM_TOP": "missing value",
    "gymnasium.envs.toy_text.blackjack:SMALL_DIGIT_GAP": "missing value",
    "gymnasium.envs.toy_text.blackjack:USABLE_ACE_TOP": "missing value",
    "gymnasium.envs.toy_text.blackjack:cmp": "missing callable",
    "gymnasium.envs.toy_text.blackjack:deck": "missing value",
    "gymnasium.envs.toy_text.blackjack:draw_card": "missing callable",
    "gymnasium.envs.toy_text.blackjack:draw_hand": "missing callable",
    "gymnasium.envs.toy_text.blackjack:draw_table": (
        "signature: positional parameter 0 should be 'surface'; lacks parameter 'surface'; lacks..."
    ),
    "gymnasium.envs.toy_text.blackjack:is_bust": "missing callable",
    "gymnasium.envs.toy_text.blackjack:is_natural": "missing callable",
    "gymnasium.envs.toy_text.blackjack:score": "missing callable",
    "gymnasium.envs.toy_text.blackjack:sum_hand": "missing callable",
    "gymnasium.envs.toy_text.blackjack:usable_ace": "missing callable",
    "gymnasium.envs.toy_text.cliffwalking:AGENT_OFFSET": "missing value",
    "gymnasium.envs.toy_text.cliffwalking:ART_CELL_SIZE": "missing value",
    "gymnasium.envs.toy_text.cliffwalking:CliffWalkingEnv.step": (
        "signature: positional parameter 1 should be 'a'; lacks parameter 'a'; extra required pa..."
    ),
    "gymnasium.envs.toy_text.cliffwalking:FLAG_OFFSET": "missing value",
    "gymnasium.envs.toy_text.cliffwalking:LETTER_OFFSET": "missing value",
    "gymnasium.envs.toy_text.frozen_lake:FrozenLakeEnv.step": (
        "signature: positional parameter 1 should be 'a'; lacks parameter 'a'; extra required pa..."
    ),
    "gymnasium.envs.toy_text.taxi:BACKGROUND_POS": "missing value",
    "gymnasium.envs.toy_text.taxi:CANVAS_COLOR": "missing value",
    "gymnasium.envs.toy_text.taxi:HOUSE_POS": "missing value",
    "gymnasium.envs.toy_text.taxi:PASSENGER_OFFSET": "missing value",
    "gymnasium.envs.toy_text.taxi:TAXI_H_OFFSET": "missing value",
    "gymnasium.envs.toy_text.taxi:TAXI_V_OFFSET": "missing value",
    "gymnasium.envs.toy_text.taxi:TaxiEnv.get_surf_loc": "missing",
    "gymnasium.envs.toy_text.taxi:TaxiEnv.step": (
        "signature: positional parameter 1 should be 'a'; lacks parameter 'a'; extra required pa..."
    ),
    "gymnasium.envs.toy_text:CliffWalkingEnv.step": (
        "signature: positional parameter 1 should be 'a'; lacks parameter 'a'; extra required pa..."
    ),
    "gymnasium.envs.toy_text:FrozenLakeEnv.step": (
        "signature: positional parameter 1 should be 'a'; lacks parameter 'a'; extra required pa..."
    ),
    "gymnasium.envs.toy_text:TaxiEnv.get_surf_loc": "missing",
    "gymnasium.envs.toy_text:TaxiEnv.step": (
        "signature: positional parameter 1 should be 'a'; lacks parameter 'a'; extra required pa..."
    ),
    # --- vecwrap ---
    "attr:gymnasium.vector.async_vector_env": (
        "gymnasium_core.vector.async_vector_env is not reachable by attribute access after `impo..."
    ),
    "gymnasium.wrappers.array_conversion:Array": "missing class",
    "gymnasium.wrappers.vector.common:RecordEpisodeStatistics.reset": (
        "signature: positional parameter 1 should be 'seed'; 'seed' is keyword-only, not positio..."
    ),
    "gymnasium.wrappers.vector.stateful_reward:NormalizeReward.normalize": ("missing"),
    "gymnasium.wrappers.vector:NormalizeReward.normalize": "missing",
    "gymnasium.wrappers.vector:RecordEpisodeStatistics.reset": (
        "signature: positional parameter 1 should be 'seed'; 'seed' is keyword-only, not positio..."
    ),
}


@pytest.fixture(scope="module")
def gaps() -> dict[str, str]:
    return _conformance.all_gaps()


def test_conformance__skipped_modules_still_cannot_be_checked() -> None:
    # A module is skipped only while the dependency its reason names is not installed here.
    import importlib.util

    for module_path, reason in _conformance.SKIPPED_MODULES.items():
        dependency = "mujoco_py" if "mujoco-py" in reason else "torch"
        assert importlib.util.find_spec(dependency) is None, f"{module_path} can be checked now"


def test_conformance__lists_do_not_overlap() -> None:
    assert set(_ALLOWED).isdisjoint(_PENDING)
    assert all(reason.strip() for reason in _ALLOWED.values())


def test_conformance__no_unlisted_gap(gaps: dict[str, str]) -> None:
    unlisted = {
        key: why for key, why in gaps.items() if key not in _ALLOWED and key not in _PENDING
    }
    report = "\n".join(f"  {key}: {why}" for key, why in sorted(unlisted.items()))
    assert not unlisted, f"{len(unlisted)} gap(s) against gymnasium:\n{report}"


def test_conformance__pending_entries_are_still_gaps(gaps: dict[str, str]) -> None:
    closed = sorted(set(_PENDING) - set(gaps))
    assert not closed, "closed, remove from _PENDING: " + ", ".join(closed)


def test_conformance__allowed_entries_are_still_differences(gaps: dict[str, str]) -> None:
    stale = sorted(set(_ALLOWED) - set(gaps))
    assert not stale, "no longer a difference, remove from _ALLOWED: " + ", ".join(stale)


def test_signature_difference__the_call_compatibility_rules() -> None:
    def reference(a, b=1, *, c=None): ...

    def same(a, b=1, *, c=None): ...

    def extra_keyword(a, b=1, *, c=None, d=2): ...

    def extra_positional_default(a, b=1, e=0, *, c=None): ...

    def renamed(x, b=1, *, c=None): ...

    def keyword_only_b(a, *, b=1, c=None): ...

    def required_extra(a, b=1, *, c=None, d): ...

    def lost_default(a, b, *, c=None): ...

    def other_default(a, b=2, *, c=None): ...

    check = _conformance.signature_difference
    assert check(same, reference) is None
    assert check(extra_keyword, reference) is None
    assert check(extra_positional_default, reference) is None
    for incompatible in (renamed, keyword_only_b, required_extra, lost_default, other_default):
        assert check(incompatible, reference), incompatible.__name__


def test_name_gaps__kinds_and_plain_class_data() -> None:
    class Reference:
        metadata = {"render_modes": ["human"]}

        def step(self, action): ...

        @property
        def unwrapped(self): ...

    class Ours:
        metadata = {"render_modes": []}

        def step(self, act): ...

        def unwrapped(self): ...

    gaps = _conformance.name_gaps("m", "C", Ours, Reference)
    assert set(gaps) == {"m:C.metadata", "m:C.step", "m:C.unwrapped"}
    assert _conformance.name_gaps("m", "f", lambda: None, Reference) == {
        "m:f": "a class in the reference, a callable here"
    }
