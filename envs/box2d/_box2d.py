"""The Box2D bindings the family uses, loaded in one place, and the plumbing they share.

Every Box2D environment imports the engine through this module, so a missing ``box2d`` extra
gives one clear :class:`~gymnasium_core.error.DependencyNotInstalled` wherever it is first
needed. The shared pieces are the solver settings of ``world.Step`` (all three envs use the
reference's 180 velocity and 60 position iterations), a contact listener base that hands each
contact on as a pair of bodies, and in-order body destruction.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gymnasium_core.error import DependencyNotInstalled

try:
    import Box2D
    from Box2D.b2 import (
        circleShape,
        contactListener,
        edgeShape,
        fixtureDef,
        polygonShape,
        rayCastCallback,
        revoluteJointDef,
    )
except ImportError as err:  # pragma: no cover - depends on the installation
    raise DependencyNotInstalled(
        "The Box2D environments need Box2D: install it with `pip install swig` and then "
        '`pip install "gymnasium-core[box2d]"`.'
    ) from err

__all__ = [
    "POSITION_ITERATIONS",
    "VELOCITY_ITERATIONS",
    "BodyContactListener",
    "Box2D",
    "circleShape",
    "contactListener",
    "destroy_bodies",
    "edgeShape",
    "fixtureDef",
    "polygonShape",
    "rayCastCallback",
    "revoluteJointDef",
]

# Solver iterations of every ``world.Step`` in the family (the reference's 6 * 30 and 2 * 30).
VELOCITY_ITERATIONS: int = 6 * 30
POSITION_ITERATIONS: int = 2 * 30


class BodyContactListener(contactListener):  # type: ignore[misc]
    """A Box2D contact listener that reports both ways of a contact to :meth:`on_contact`.

    Box2D calls ``BeginContact`` and ``EndContact`` from inside ``world.Step`` (and, for a
    touching pair, ``EndContact`` from ``world.DestroyBody``). Subclasses see each call as the two
    bodies involved and whether they now touch.
    """

    def __init__(self) -> None:
        """Register the listener with the SWIG base class."""
        contactListener.__init__(self)

    def BeginContact(self, contact: Any) -> None:
        """Called by Box2D when two fixtures start touching."""
        self.on_contact(contact.fixtureA.body, contact.fixtureB.body, True)

    def EndContact(self, contact: Any) -> None:
        """Called by Box2D when two fixtures stop touching."""
        self.on_contact(contact.fixtureA.body, contact.fixtureB.body, False)

    def on_contact(self, body_a: Any, body_b: Any, touching: bool) -> None:
        """React to a contact between ``body_a`` and ``body_b`` starting or ending.

        Args:
            body_a: The body of the contact's first fixture.
            body_b: The body of the contact's second fixture.
            touching: ``True`` when the contact begins, ``False`` when it ends.
        """
        raise NotImplementedError


def destroy_bodies(world: Any, bodies: Iterable[Any]) -> None:
    """Destroy ``bodies`` in ``world`` in the given order.

    The order is part of the behaviour: Box2D recycles the proxy ids of destroyed bodies, and the
    ids later bodies get decide the order in which the solver meets their contacts.

    Args:
        world: The ``b2World`` that owns the bodies.
        bodies: The bodies, destroyed first to last.
    """
    for body in bodies:
        world.DestroyBody(body)
