"""Names vulture reports as unused that are used: read by the reference's API, by users, or by name.

Reviewed by hand; each section says why its names stay. vulture runs with this file (settings in
``pyproject.toml``, ``[tool.vulture]``): a name it reports that is not listed here is dead code to
remove, or a new name to add here with its reason.
"""

# ruff: noqa: B018
from vulture.whitelist_utils import Whitelist

_ = Whitelist()


# Module ``__getattr__`` / ``__dir__`` (lazy attributes, PEP 562), special attributes, and
# callbacks that Box2D calls by name.
_.__getattr__  # envs/box2d/__init__.py (and others)
_.__dir__  # envs/box2d/__init__.py (and others)
_.ReportFixture  # envs/box2d/bipedal_walker.py
_.BeginContact  # envs/box2d/_shared.py
_.EndContact  # envs/box2d/_shared.py
_.__doc__  # envs/mujoco/mjx/tasks.py (and others)
_.__cause__  # gymnasium_core/vector/async_vector_env.py

# Names used only in annotations (string aliases, ``if TYPE_CHECKING:`` imports, the parameter
# names of Protocol methods, NamedTuple fields read by users).
_.operands  # gymnasium_core/functional/array_types.py
_.subscripts  # gymnasium_core/functional/array_types.py
_.fill_value  # gymnasium_core/functional/array_types.py
_.arrays_and_dtypes  # gymnasium_core/functional/array_types.py
_.next_observation  # gymnasium_core/functional/jax_rollout.py
_.Sharding  # gymnasium_core/functional/jax_vector_env.py
_.PyTreeDef  # gymnasium_core/functional/jax_vector_env.py

# Classes and functions reached through registry entry point strings, ``getattr`` or ``__dict__``.
_._step_terms  # envs/mujoco/_task.py
_._body_id  # envs/mujoco/mujoco_env.py (``body_index`` in _terms.py looks it up by name)
_.AntMjxEnv  # envs/mujoco/mjx/envs.py
_.AntMjxVectorEnv  # envs/mujoco/mjx/envs.py
_.HalfCheetahMjxEnv  # envs/mujoco/mjx/envs.py
_.HalfCheetahMjxVectorEnv  # envs/mujoco/mjx/envs.py
_.HopperMjxEnv  # envs/mujoco/mjx/envs.py
_.HopperMjxVectorEnv  # envs/mujoco/mjx/envs.py
_.HumanoidMjxEnv  # envs/mujoco/mjx/envs.py
_.HumanoidMjxVectorEnv  # envs/mujoco/mjx/envs.py
_.HumanoidStandupMjxEnv  # envs/mujoco/mjx/envs.py
_.HumanoidStandupMjxVectorEnv  # envs/mujoco/mjx/envs.py
_.InvertedDoublePendulumMjxEnv  # envs/mujoco/mjx/envs.py
_.InvertedDoublePendulumMjxVectorEnv  # envs/mujoco/mjx/envs.py
_.InvertedPendulumMjxEnv  # envs/mujoco/mjx/envs.py
_.InvertedPendulumMjxVectorEnv  # envs/mujoco/mjx/envs.py
_.PusherMjxEnv  # envs/mujoco/mjx/envs.py
_.PusherMjxVectorEnv  # envs/mujoco/mjx/envs.py
_.ReacherMjxEnv  # envs/mujoco/mjx/envs.py
_.ReacherMjxVectorEnv  # envs/mujoco/mjx/envs.py
_.SwimmerMjxEnv  # envs/mujoco/mjx/envs.py
_.SwimmerMjxVectorEnv  # envs/mujoco/mjx/envs.py
_.Walker2dMjxEnv  # envs/mujoco/mjx/envs.py
_.Walker2dMjxVectorEnv  # envs/mujoco/mjx/envs.py

# Gymnasium's API: public functions, classes, methods and attributes (including the private
# attributes its subclasses read, such as ``_action_space`` or MuJoCo's reward weights) that the
# reference has and user code may call, read or override.
_.terrain_x  # envs/box2d/bipedal_walker.py
_.terrain_y  # envs/box2d/bipedal_walker.py
_.motorSpeed  # envs/box2d/bipedal_walker.py, envs/box2d/car_dynamics.py
_.maxMotorTorque  # envs/box2d/bipedal_walker.py
_.fuel_spent  # envs/box2d/car_dynamics.py, envs/box2d/car_racing.py
_.invisible_state_window  # envs/box2d/car_racing.py
_.invisible_video_window  # envs/box2d/car_racing.py
_.get_keys_to_action  # envs/box2d/car_racing.py, envs/classic_control/mountain_car.py
_.road_friction  # envs/box2d/car_racing.py
_.sensor  # envs/box2d/car_racing.py
_.lowerAngle  # envs/box2d/lunar_lander.py
_.upperAngle  # envs/box2d/lunar_lander.py
_.isopen  # envs/box2d/_shared.py, envs/classic_control/_stateful.py
_.LINK_LENGTH_1  # envs/classic_control/acrobot.py
_.LINK_LENGTH_2  # envs/classic_control/acrobot.py
_.LINK_MASS_1  # envs/classic_control/acrobot.py
_.LINK_MASS_2  # envs/classic_control/acrobot.py
_.LINK_COM_POS_1  # envs/classic_control/acrobot.py
_.LINK_COM_POS_2  # envs/classic_control/acrobot.py
_.LINK_MOI  # envs/classic_control/acrobot.py
_.MAX_VEL_1  # envs/classic_control/acrobot.py
_.MAX_VEL_2  # envs/classic_control/acrobot.py
_.SCREEN_DIM  # envs/classic_control/acrobot.py
_.AVAIL_TORQUE  # envs/classic_control/acrobot.py
_.action_arrow  # envs/classic_control/acrobot.py
_.domain_fig  # envs/classic_control/acrobot.py
_.actions_num  # envs/classic_control/acrobot.py
_.screens  # envs/classic_control/cartpole.py
_.low_state  # envs/classic_control/continuous_mountain_car.py
_.high_state  # envs/classic_control/continuous_mountain_car.py
_._exclude_current_positions_from_observation  # envs/mujoco/_task.py
_.observation_structure  # envs/mujoco/_task.py, envs/mujoco/inverted_pendulum_v5.py
_._forward_reward_weight  # envs/mujoco/_task.py (and others)
_._ctrl_cost_weight  # envs/mujoco/_task.py (and others)
_._healthy_reward  # envs/mujoco/_task.py (and others)
_._terminate_when_unhealthy  # envs/mujoco/_task.py (and others)
_._healthy_z_range  # envs/mujoco/_task.py, envs/mujoco/ant_v5.py, envs/mujoco/humanoid_v5.py
_._healthy_angle_range  # envs/mujoco/_task.py
_._contact_cost_weight  # envs/mujoco/ant_v5.py, envs/mujoco/humanoid_v5.py
_._main_body  # envs/mujoco/ant_v5.py
_._contact_force_range  # envs/mujoco/ant_v5.py
_._use_contact_forces  # envs/mujoco/ant_v4.py
_._healthy_state_range  # envs/mujoco/hopper_v5.py
_._include_cinert_in_observation  # envs/mujoco/humanoid_v5.py
_._include_cvel_in_observation  # envs/mujoco/humanoid_v5.py
_._include_qfrc_actuator_in_observation  # envs/mujoco/humanoid_v5.py
_._contact_cost_range  # envs/mujoco/humanoid_v5.py
_._uph_cost_weight  # envs/mujoco/humanoidstandup_v5.py
_._impact_cost_weight  # envs/mujoco/humanoidstandup_v5.py
_._impact_cost_range  # envs/mujoco/humanoidstandup_v5.py
_.pos_after  # envs/mujoco/humanoidstandup_v5.py
_.state_vector  # envs/mujoco/mujoco_env.py
_.get_body_com  # envs/mujoco/mujoco_env.py
_.add_overlay  # envs/mujoco/mujoco_rendering.py
_.add_marker  # envs/mujoco/mujoco_rendering.py
_.fixedcamid  # envs/mujoco/mujoco_rendering.py
_._reward_near_weight  # envs/mujoco/pusher_v5.py
_._reward_dist_weight  # envs/mujoco/pusher_v5.py, envs/mujoco/reacher_v5.py
_._reward_control_weight  # envs/mujoco/pusher_v5.py, envs/mujoco/reacher_v5.py
_.set_attr  # envs/mujoco/vector.py (and others)
_.nS  # envs/tabular/cliffwalking.py, envs/toy_text/cliffwalking.py
_.agent_img  # envs/tabular/cliffwalking.py
_.start_img  # envs/tabular/cliffwalking.py
_.goal_img  # envs/tabular/cliffwalking.py
_.goal_flag_img  # envs/tabular/cliffwalking.py
_.ground_img  # envs/tabular/cliffwalking.py
_.cliff_imgs  # envs/tabular/cliffwalking.py
_.start_state_index  # envs/toy_text/cliffwalking.py
_.nA  # envs/toy_text/cliffwalking.py
_.reward_range  # envs/toy_text/frozen_lake.py
_.locs_colors  # envs/toy_text/taxi.py
_.max_col  # envs/toy_text/taxi.py
_.max_row  # envs/toy_text/taxi.py
_._rainy_lateral_probability  # envs/toy_text/taxi.py
_.get_surf_loc  # envs/toy_text/taxi.py
_._action_space  # gymnasium_core/core.py, gymnasium_core/vector/vector_env.py
_._observation_space  # gymnasium_core/core.py, gymnasium_core/vector/vector_env.py
_._metadata  # gymnasium_core/core.py, gymnasium_core/vector/vector_env.py
_.UnsupportedMode  # gymnasium_core/error.py
_.MissingArgument  # gymnasium_core/error.py
_.DeprecatedWrapper  # gymnasium_core/error.py
_.transformed  # gymnasium_core/functional/func_env.py
_.debug  # gymnasium_core/logger.py
_.warning  # gymnasium_core/logger.py
_.to_json  # gymnasium_core/registration/_spec.py
_.from_json  # gymnasium_core/registration/_spec.py
_.pprint  # gymnasium_core/registration/_spec.py
_.fig  # gymnasium_core/utils/play.py
_.RandomNumberGenerator  # gymnasium_core/utils/seeding.py
_._poll_pipe_envs  # gymnasium_core/vector/async_vector_env.py
_._single_observation_space  # gymnasium_core/vector/vector_env.py
_._single_action_space  # gymnasium_core/vector/vector_env.py
_.has_reset  # gymnasium_core/wrappers/common.py
_.episode_count  # gymnasium_core/wrappers/common.py, gymnasium_core/wrappers/vector/common.py
_.revert_action  # gymnasium_core/wrappers/transform_action.py
_.cv2_shape  # gymnasium_core/wrappers/transform_observation.py
_.revert_observation  # gymnasium_core/wrappers/transform_observation.py
_.num_rows  # gymnasium_core/wrappers/vector/rendering.py
_.normalize  # gymnasium_core/wrappers/vector/stateful_reward.py

# Our own API: the array namespace's functions for user FuncEnvs, the logger's level, and a
# semaphore kept alive with the env (workers under spawn open it by name).
_.arccos  # gymnasium_core/functional/array_types.py, gymnasium_core/functional/backends.py
_.arcsin  # gymnasium_core/functional/array_types.py, gymnasium_core/functional/backends.py
_.arctan  # gymnasium_core/functional/array_types.py, gymnasium_core/functional/backends.py
_.arctan2  # gymnasium_core/functional/array_types.py, gymnasium_core/functional/backends.py
_.set_level  # gymnasium_core/logger.py
_._semaphore  # gymnasium_core/vector/async_vector_env.py

# gymnasium_core.testing: helpers for third-party test suites.
_.duration_secs  # gymnasium_core/testing/contract.py
_.episodes_ended  # gymnasium_core/testing/parity.py
_.last_step  # gymnasium_core/testing/parity.py
_.all_right  # gymnasium_core/testing/probes.py
_.named  # gymnasium_core/testing/probes.py
