"""The :class:`Graph` space: graphs with node features, edge features and edge links."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from gymnasium_core import logger
from gymnasium_core.spaces.space import Space, reject_both, require


class GraphInstance(NamedTuple):
    """One graph: its node features, edge features and which nodes each edge joins.

    Attributes:
        nodes: Features of the ``n`` nodes, shaped ``(n, *node_space.shape)``.
        edges: Features of the ``m`` edges, shaped ``(m, *edge_space.shape)``, or ``None``.
        edge_links: Integer array ``(m, 2)`` of the node indices each edge joins, or ``None``.
    """

    nodes: Any
    edges: Any | None
    edge_links: NDArray[Any] | None


def _batch_space(space: Space[Any], n: int) -> Space[Any]:
    """``batch_space``, imported late: the batching module imports this one."""
    from gymnasium_core.spaces._batching import batch_space

    return batch_space(space, n)


def _advance(space: Space[Any]) -> None:
    """Take one draw from ``space``'s generator so its next batched copy starts elsewhere."""
    space.np_random.random()


def _iterate(space: Space[Any], items: Any) -> list[Any]:
    """``iterate``, imported late: the batching module imports this one."""
    from gymnasium_core.spaces._batching import iterate

    return list(iterate(space, items))


class Graph(Space[GraphInstance]):
    """Graphs whose node features lie in ``node_space`` and edge features in ``edge_space``.

    Elements are :class:`GraphInstance` tuples. Without an ``edge_space`` graphs have no
    edges (``edges`` and ``edge_links`` are ``None``).

    Example:
        >>> from gymnasium_core.spaces import Box, Discrete, Graph
        >>> space = Graph(node_space=Box(-100, 100, shape=(3,)), edge_space=Discrete(3), seed=1)
        >>> graph = space.sample(num_nodes=4, num_edges=8)
        >>> graph.nodes.shape, graph.edges.shape, graph.edge_links.shape
        ((4, 3), (8,), (8, 2))
        >>> graph in space
        True
    """

    node_space: Space[Any]
    edge_space: Space[Any] | None

    def __init__(
        self,
        node_space: Space[Any],
        edge_space: Space[Any] | None,
        seed: int | tuple[int, ...] | np.random.Generator | None = None,
    ) -> None:
        """Build the space.

        Args:
            node_space: The space of one node's features.
            edge_space: The space of one edge's features, or ``None`` for graphs without edges.
            seed: Seed for :meth:`seed` (an int, or one seed for this space, the node space
                and the edge space), or a generator.

        Raises:
            TypeError: If ``node_space`` or ``edge_space`` is not a :class:`Space`.
        """
        if not isinstance(node_space, Space):
            raise TypeError(
                f"Graph node_space must be a gymnasium_core.spaces.Space, got "
                f"{type(node_space).__name__}."
            )
        if edge_space is not None and not isinstance(edge_space, Space):
            raise TypeError(
                f"Graph edge_space must be a gymnasium_core.spaces.Space or None, got "
                f"{type(edge_space).__name__}."
            )
        self.node_space = node_space
        self.edge_space = edge_space
        self.batch_node_space = _batch_space(node_space, 1)
        self.batch_edge_space = None if edge_space is None else _batch_space(edge_space, 1)
        super().__init__(None, None, seed)  # type: ignore[arg-type]

    @property
    def is_np_flattenable(self) -> bool:
        """Always ``False``: the number of nodes and edges varies."""
        return False

    def _subspaces(self) -> list[Space[Any]]:
        """The node space, then the edge space when there is one."""
        return [self.node_space] + ([] if self.edge_space is None else [self.edge_space])

    def seed(self, seed: int | tuple[int, ...] | list[int] | None = None) -> tuple[Any, ...]:
        """Seed this space (which draws edge links) and the node and edge spaces.

        Args:
            seed: ``None`` for fresh entropy; an int seeds this space, which draws the
                subspaces' seeds (and is then reseeded with the int); a tuple gives a seed
                for this space, the node space and (if any) the edge space.

        Returns:
            The seeds of this space, the node space and (if any) the edge space.

        Raises:
            ValueError: If a tuple of seeds has the wrong length.
            TypeError: For any other type of seed.
        """
        subspaces = self._subspaces()
        if seed is None:
            own = super().seed(None)
            return (own, *(space.seed(None) for space in subspaces))
        if isinstance(seed, int):
            own = super().seed(seed)
            if len(subspaces) == 1:
                child_seeds = [int(self.np_random.integers(np.iinfo(np.int32).max))]
            else:
                drawn = self.np_random.integers(np.iinfo(np.int32).max, size=(2,))
                child_seeds = [int(child) for child in drawn]
            # Reseed so the generator is the same as after seeding with a tuple.
            super().seed(seed)
            return (own, *(s.seed(c) for s, c in zip(subspaces, child_seeds)))
        if isinstance(seed, (tuple, list)):
            if len(seed) != len(subspaces) + 1:
                raise ValueError(
                    f"Graph.seed needs {len(subspaces) + 1} seeds (this space, the node space"
                    f"{'' if self.edge_space is None else ', the edge space'}), got {len(seed)}."
                )
            own = super().seed(seed[0])
            return (own, *(s.seed(c) for s, c in zip(subspaces, seed[1:])))
        raise TypeError(
            f"Graph.seed takes an int, a tuple of seeds, or None; got {type(seed).__name__}."
        )

    def sample(
        self,
        mask: tuple[Any, Any] | None = None,
        probability: tuple[Any, Any] | None = None,
        num_nodes: int = 10,
        num_edges: int | None = None,
    ) -> GraphInstance:
        """Draw a graph.

        Args:
            mask: ``(node_mask, edge_mask)``, each ``None`` or a mask for the batched node /
                edge space. When ``num_edges`` is not given, ``edge_mask`` is the mask of one
                edge and is repeated for every edge.
            probability: ``(node_probability, edge_probability)``, the same for probabilities.
            num_nodes: The number of nodes (positive).
            num_edges: The number of edges; drawn uniformly in ``[0, n(n-1))`` when omitted.

        Returns:
            A :class:`GraphInstance`.

        Raises:
            ValueError: If both ``mask`` and ``probability`` are given, or a count is invalid.
        """
        require(num_nodes > 0, f"Graph.sample needs num_nodes > 0, got {num_nodes}.")
        reject_both(mask, probability)
        kind: str | None = None
        node_mask = edge_mask = None
        if mask is not None:
            kind, (node_mask, edge_mask) = "mask", mask
        elif probability is not None:
            kind, (node_mask, edge_mask) = "probability", probability

        if num_edges is None:
            # Self loops and both directions are allowed, hence n(n-1) as the bound.
            num_edges = (
                int(self.np_random.integers(num_nodes * (num_nodes - 1))) if num_nodes > 1 else 0
            )
            if edge_mask is not None:
                edge_mask = tuple(edge_mask for _ in range(num_edges))
        else:
            if self.edge_space is None:
                logger.warn(f"Graph.sample got num_edges={num_edges} but has no edge space.")
            require(num_edges >= 0, f"Graph.sample needs num_edges >= 0, got {num_edges}.")

        node_kwargs = {} if kind is None else {kind: node_mask}
        edge_kwargs = {} if kind is None else {kind: edge_mask}

        # batch_space copies the subspace's generator; advancing the original afterwards
        # keeps successive samples different (and equal to Gymnasium's).
        nodes = _batch_space(self.node_space, num_nodes).sample(**node_kwargs)
        _advance(self.node_space)

        edges = None
        edge_links = None
        if num_edges >= 1 and self.edge_space is not None:
            edges = _batch_space(self.edge_space, num_edges).sample(**edge_kwargs)
            _advance(self.edge_space)
            edge_links = self.np_random.integers(0, num_nodes, size=(num_edges, 2), dtype=np.int32)
        return GraphInstance(nodes, edges, edge_links)

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is a :class:`GraphInstance` with valid nodes, edges and links."""
        if not isinstance(x, GraphInstance) or x.nodes is None:
            return False
        try:
            nodes = _iterate(self.batch_node_space, x.nodes)
        except (TypeError, ValueError, AttributeError, IndexError, KeyError):
            return False
        if not all(node in self.node_space for node in nodes):
            return False
        if x.edges is None or x.edge_links is None:
            return x.edges is None and x.edge_links is None
        if self.batch_edge_space is None or self.edge_space is None:
            return False
        if not isinstance(x.edge_links, np.ndarray):
            return False
        try:
            edges = _iterate(self.batch_edge_space, x.edges)
        except (TypeError, ValueError, AttributeError, IndexError, KeyError):
            return False
        return bool(
            all(edge in self.edge_space for edge in edges)
            and np.issubdtype(x.edge_links.dtype, np.integer)
            and x.edge_links.shape == (len(edges), 2)
            and np.all((x.edge_links >= 0) & (x.edge_links < len(nodes)))
        )

    def __repr__(self) -> str:
        """``Graph(node_space, edge_space)``."""
        return f"Graph({self.node_space}, {self.edge_space})"

    def __eq__(self, other: object) -> bool:
        """Equal node and edge spaces."""
        return (
            isinstance(other, Graph)
            and self.node_space == other.node_space
            and self.edge_space == other.edge_space
        )

    def to_jsonable(self, sample_n: Iterable[GraphInstance]) -> list[dict[str, Any]]:
        """Turn each graph into a dict of ``nodes`` and, if any, ``edges`` and ``edge_links``."""
        result = []
        for graph in sample_n:
            entry = {"nodes": self.batch_node_space.to_jsonable([graph.nodes])}
            if graph.edges is not None and graph.edge_links is not None:
                assert self.batch_edge_space is not None
                entry["edges"] = self.batch_edge_space.to_jsonable([graph.edges])
                entry["edge_links"] = np.asarray(graph.edge_links).tolist()
            result.append(entry)
        return result

    def from_jsonable(self, sample_n: Any) -> list[GraphInstance]:
        """Rebuild graphs from the dicts made by :meth:`to_jsonable`.

        Raises:
            ValueError: If an entry lacks ``nodes``, has edges without an edge space, or has
                edges and links that do not match.
        """
        result = []
        for entry in sample_n:
            if not isinstance(entry, dict) or "nodes" not in entry:
                raise ValueError(
                    f"Graph.from_jsonable expects dicts with a 'nodes' key, got {entry!r}."
                )
            nodes = self.batch_node_space.from_jsonable(entry["nodes"])[0]
            if "edges" not in entry:
                result.append(GraphInstance(nodes, None, None))
                continue
            if self.batch_edge_space is None:
                raise ValueError("Graph.from_jsonable got edges for a graph without edge space.")
            if "edge_links" not in entry:
                raise ValueError("Graph.from_jsonable got edges without 'edge_links'.")
            edges = self.batch_edge_space.from_jsonable(entry["edges"])[0]
            links = np.asarray(entry["edge_links"], dtype=np.int32)
            if links.ndim != 2 or links.shape[1:] != (2,):
                raise ValueError(
                    f"Graph.from_jsonable expects edge_links of shape (m, 2), got {links.shape}."
                )
            result.append(GraphInstance(nodes, edges, links))
        return result
