"""The two-street CFR kernel: the turn betting, every river card, the river betting, in one game.

:mod:`coach.theory.turn` asks it for a turn spot's solution; this module holds
the game and its vectorised passes. The game is the river solver's
(:mod:`coach.theory.cfr`) with one more level:

* the **turn tree** (:func:`coach.theory.trees.build_tree`) is played by the
  players' real hands; where the turn betting closes without an all-in, a
  **chance node** deals one of the 48 unseen cards, and a **river tree** (its
  pot and stack are what the turn left) is played by *river hands*: a hand
  together with the river card it sees. A turn all-in that is called is a
  showdown averaged over the river cards;
* river hands are laid out as one flat list per player (river card major,
  hand minor), so that a river strategy is one (river cards x hands, actions)
  array per node and one pass updates every river at once. Two river hands of
  different river cards never meet: their card ids are offset by 52 per river
  card (so they never "share a card"), and their strengths by a span per river
  card (so a hand only beats the weaker hands *of its own river*); the showdown
  sums of :class:`coach.theory.cfr._Showdown` then need one correction per
  river card (the reach of the river cards before it), computed from block
  sums. A hand holding the river card is masked out (card removal);
* given both hands, 44 river cards are possible, so a river value reaches
  the turn divided by 44 (the chance probability).

The update rule is Discounted CFR with alternating updates, as on the river.
The exploitability is exact over the same tree: each player's best response
is computed with the same passes (a max at his own nodes, turn and river,
knowing the river card), and the figure is ``(BR_0 + BR_1 - pot) / 2`` in
chips, reported in % of the pot at the start of the turn.

Suits: the river cards are all solved (no suit isomorphism): a turn board
leaves two interchangeable suits only when two suits are absent from it,
and then the ranges must be symmetric too, which the coach's narrowed ranges
rarely are.

Values in a node's :class:`~coach.theory.river.NodeResult` are, as on the river,
relative to folding at the node (the chips a player put in on the turn are sunk).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

import numpy as np
import numpy.typing as npt

from coach.evaluator import evaluate_batch
from coach.theory.cfr import DECISION, F64, FOLD, I64, SHOWDOWN, Hands, Node, Tree, _Showdown
from coach.theory.river import NodeResult
from coach.theory.trees import TreeConfig, build_tree

__all__ = ["DEFAULT_MAX_ITERATIONS", "DEFAULT_TARGET_PCT", "DENSE_LIMIT", "Forest", "TurnSolver",
           "build_forest"]

DEFAULT_TARGET_PCT: Final = 1.0
DEFAULT_MAX_ITERATIONS: Final = 1000
#: Above this many (river card, hand, hand) triples the showdowns use sorted sums instead of matrices
#: (two float32 matrices of this size: 96 MB at the limit, e.g. 500 x 500 combos; the coach's live solves
#: stay far below it, and the lessons' shipped solutions are built offline)
DENSE_LIMIT: Final = 12_000_000

F32 = npt.NDArray[np.float32]


@dataclass
class Forest:
    """Every river tree of the game in one node list, children after parents.

    ``links`` are (turn node, forest root, turn chips c each, river pot);
    ``offset[i]`` and ``pot[i]`` are those of the river tree node ``i`` is in.
    """

    nodes: list[Node] = field(default_factory=list)
    offset: list[float] = field(default_factory=list)
    pot: list[float] = field(default_factory=list)
    links: list[tuple[int, int, float, float]] = field(default_factory=list)


def build_forest(turn: Tree, stack: float, config: TreeConfig) -> Forest:
    """The river trees below every turn line that reaches the river, one node list (see :class:`Forest`)."""
    forest = Forest()
    for j, tn in enumerate(turn.nodes):
        if tn.kind != SHOWDOWN:
            continue
        c = tn.contrib[0]
        pot_k = turn.pot + 2 * c
        left = stack - c
        base = len(forest.nodes)
        if left <= 1e-9:
            sub = Tree(pot=pot_k, nodes=[Node(SHOWDOWN, (0.0, 0.0))])
        else:
            sub = build_tree(pot_k, left, config)
        for n in sub.nodes:
            forest.nodes.append(Node(
                n.kind, n.contrib, player=n.player, actions=n.actions,
                children=tuple(base + ch for ch in n.children), folder=n.folder,
                parent=base + n.parent if n.parent >= 0 else -1, path=(*tn.path, "river", *n.path)))
            forest.offset.append(c)
            forest.pot.append(pot_k)
        forest.links.append((j, base, c, pot_k))
    return forest


class TurnSolver:
    """Discounted CFR on the two-street game between two players' turn hands."""

    # the river's schedule but for the average's weight: (t / (t + 1))^3 instead of ^2 reached 1% of the
    # pot about 12% sooner on the benchmark's turn spots (1.5/0.5/2, 2/0/3 and linear CFR were slower)
    ALPHA: Final[float] = 1.5
    BETA: Final[float] = 0.0
    GAMMA: Final[float] = 3.0

    def __init__(self, board: Sequence[int], hands: tuple[Hands, Hands], turn: Tree, stack: float,
                 river_config: TreeConfig, river_first: int = 0) -> None:
        self.turn = turn
        self.pot = turn.pot
        self.hands = hands
        board_arr = np.array(sorted(board), dtype=np.int64)
        rivers = np.array([c for c in range(52) if c not in set(board_arr.tolist())], dtype=np.int64)
        self.rivers = rivers
        self.n_rivers = len(rivers)
        self.chance = float(len(rivers) - 4)  # river cards left once both hands are dealt
        self.n = (len(hands[0]), len(hands[1]))
        # river player q is turn player tp[q]; turn player p is river player rp[p]
        self.tp = (0, 1) if river_first == 0 else (1, 0)
        self.rp = self.tp
        self.forest = build_forest(turn, stack, river_config)
        # per player, flat (rivers x hands): 1 where the hand does not hold the river card
        self.mask: list[F64] = []
        virtual: list[Hands] = []
        for p in (0, 1):
            cards = hands[p].cards.astype(np.int64)
            holds = (cards[None, :, :] == rivers[:, None, None]).any(axis=2)  # (R, n)
            live = ~holds
            rows = np.concatenate([
                np.broadcast_to(cards[None], (len(rivers), *cards.shape)),
                np.broadcast_to(rivers[:, None, None], (len(rivers), cards.shape[0], 1)),
                np.broadcast_to(board_arr[None, None, :], (len(rivers), cards.shape[0], len(board_arr))),
            ], axis=2)
            strength = np.zeros(live.shape, dtype=np.int64)
            strength[live] = evaluate_batch(rows[live]).astype(np.int64)
            self.mask.append(live.reshape(-1).astype(np.float64))
            virtual.append(Hands(
                (cards[None] + 52 * np.arange(len(rivers))[:, None, None]).reshape(-1, cards.shape[1]),
                strength.reshape(-1),
                np.tile(hands[p].weights, len(rivers)) * self.mask[p]))
        span = int(max(v.strength.max(initial=0) for v in virtual)) + 1
        for p in (0, 1):
            blocks = np.repeat(np.arange(len(rivers), dtype=np.int64), self.n[p])
            virtual[p] = Hands(virtual[p].cards, virtual[p].strength + blocks * span, virtual[p].weights)
        self.virtual = virtual
        # compatible pairs (no shared card), per player: (own hands, opponent hands)
        c0, c1 = hands[0].cards, hands[1].cards
        share = ((c0[:, None, :, None] == c1[None, :, None, :]).any(axis=(2, 3)))
        k01 = (~share).astype(np.float64)
        self.compat: tuple[F64, F64] = (k01, np.ascontiguousarray(k01.T))
        # showdowns: small games use one (win + tie / 2) matrix per river card and a batched matrix
        # product (BLAS); large ones the sorted prefix sums of :class:`_Showdown` (memory linear in hands)
        self.dense = self.n_rivers * self.n[0] * self.n[1] <= DENSE_LIMIT
        # payoff_t[p][r]: (opponent hands x hands of p), beaten + tied / 2, for the river card r
        self.payoff_t: tuple[F32, F32] | None = None
        self.compat32: tuple[F32, F32] | None = None
        self.vsd: tuple[_Showdown, _Showdown] | None = None
        self.incidence: list[F64] = []
        self.same: list[I64] = []
        for p in (0, 1):
            inc = np.zeros((self.n[p], 52))
            rows = np.arange(self.n[p])
            inc[rows, hands[p].cards[:, 0]] = 1.0
            inc[rows, hands[p].cards[:, 1]] = 1.0
            self.incidence.append(np.ascontiguousarray(inc.T))  # (52, hands): a BLAS operand as it is
            key_opp = {tuple(row): i for i, row in enumerate(hands[1 - p].cards.tolist())}
            self.same.append(np.array([key_opp.get(tuple(row), -1) for row in hands[p].cards.tolist()],
                                      dtype=np.int64))
        if self.dense:
            s0 = virtual[0].strength.reshape(self.n_rivers, self.n[0])
            s1 = virtual[1].strength.reshape(self.n_rivers, self.n[1])
            d = s0[:, :, None] - s1[:, None, :]
            win0 = ((d > 0) + 0.5 * (d == 0)) * k01[None]
            # float32: the products run twice as fast, and their rounding (1e-7 of a pot) is far
            # below the precision the solver stops at
            self.payoff_t = (np.ascontiguousarray(win0.transpose(0, 2, 1)).astype(np.float32),
                             (k01[None] - win0).astype(np.float32))
            self.compat32 = (k01.astype(np.float32), np.ascontiguousarray(k01.T).astype(np.float32))
        else:
            self.vsd = (_Showdown(virtual[0], virtual[1]), _Showdown(virtual[1], virtual[0]))
        self.turn_dec = turn.decision_nodes()
        self.turn_folds = [i for i, n in enumerate(turn.nodes) if n.kind == FOLD]
        fn = self.forest.nodes
        self.river_dec = [i for i, n in enumerate(fn) if n.kind == DECISION]
        # terminals by the decision above them (a river that is a showdown at once, after a turn all-in,
        # by itself)
        self.term_children: dict[int, list[tuple[int, int]]] = {}
        self.orphans: set[int] = set()
        for i, n in enumerate(fn):
            if n.kind == DECISION:
                for a, ch in enumerate(n.children):
                    if fn[ch].kind != DECISION:
                        self.term_children.setdefault(i, []).append((a, ch))
            elif n.parent < 0:  # its own group: the river root's reach
                self.term_children[i] = [(0, i)]
                self.orphans.add(i)
        self.river_term_parents = sorted(self.term_children)
        self.with_showdown = {i for i, kids in self.term_children.items()
                              if any(fn[ch].kind == SHOWDOWN for _, ch in kids)}
        # per river player q: a terminal's value is coef_p * P + coef_k * K (P: beaten + tied / 2)
        self.coefs: list[tuple[dict[int, float], dict[int, float]]] = []
        for q in (0, 1):
            cp: dict[int, float] = {}
            ck: dict[int, float] = {}
            for i, n in enumerate(fn):
                off, pot_k = self.forest.offset[i], self.forest.pot[i]
                if n.kind == SHOWDOWN:
                    cp[i] = pot_k + n.contrib[0] + n.contrib[1]
                    ck[i] = -(n.contrib[q] + off)
                elif n.kind == FOLD:
                    cp[i] = 0.0
                    ck[i] = pot_k + n.contrib[1 - q] - off if n.folder != q else -(n.contrib[q] + off)
            self.coefs.append((cp, ck))
        # regrets, strategies and their sums are (actions x hands) inside the solver: a sum over the
        # actions then adds a few contiguous rows (a reduction along short rows is several times slower)
        self.regret_t = {i: np.zeros((len(turn.nodes[i].actions), self.n[turn.nodes[i].player]))
                         for i in self.turn_dec}
        self.regret_r = {i: np.zeros((len(fn[i].actions), self.n_rivers * self.n[self.tp[fn[i].player]]))
                         for i in self.river_dec}
        self.avg_t = {i: np.zeros_like(r) for i, r in self.regret_t.items()}
        self.avg_r = {i: np.zeros_like(r) for i, r in self.regret_r.items()}
        self.t = 0
        self.strat_t, self.strat_r = self.current()
        self.norm = float(hands[0].weights @ k01 @ hands[1].weights)
        if self.norm <= 0:
            raise ValueError("the two ranges have no deal in common")

    # -- strategies ---------------------------------------------------------------------

    @staticmethod
    def _match(regret: F64) -> F64:
        """Regret matching on an (actions x hands) table."""
        pos = np.maximum(regret, 0.0)
        tot = pos.sum(axis=0)
        none = tot <= 0
        pos /= np.where(none, 1.0, tot)
        pos += none * (1.0 / regret.shape[0])  # where no regret is positive the column is zero: uniform
        return pos

    def current(self) -> tuple[dict[int, F64], dict[int, F64]]:
        """The current strategies (turn nodes, river nodes), each (actions x hands)."""
        return ({i: self._match(r) for i, r in self.regret_t.items()},
                {i: self._match(r) for i, r in self.regret_r.items()})

    def _average(self) -> tuple[dict[int, F64], dict[int, F64]]:
        def norm(s: F64) -> F64:
            tot = s.sum(axis=0)
            none = tot <= 0
            out = s / np.where(none, 1.0, tot)
            out += none * (1.0 / s.shape[0])
            return out

        return ({i: norm(s) for i, s in self.avg_t.items()}, {i: norm(s) for i, s in self.avg_r.items()})

    def average(self) -> tuple[dict[int, F64], dict[int, F64]]:
        """The average strategies (turn nodes, river nodes), each (hands x actions): the answer."""
        st, sr = self._average()
        return ({i: np.ascontiguousarray(s.T) for i, s in st.items()},
                {i: np.ascontiguousarray(s.T) for i, s in sr.items()})

    # -- one pass -------------------------------------------------------------------------

    def _won(self, p: int, cols: F64) -> F64:
        """Per column and river hand of ``p``: the opponent's reach it beats plus half the reach it ties.

        ``cols`` is (m, rivers x opponent hands), one reach per row, river card major; the answer
        (m, rivers, hands of p), so that a column's values are contiguous. Each river hand meets only
        the opponent's hands of its own river card; hands holding the river card get zero.
        """
        o = 1 - p
        m = cols.shape[0]
        r, n_o, n_p = self.n_rivers, self.n[o], self.n[p]
        live = self.mask[p].reshape(1, r, n_p)
        if self.payoff_t is not None:
            # per river card: (m x opponent hands) @ (opponent hands x hands), batched over the rivers
            x = cols.reshape(m, r, n_o).transpose(1, 0, 2).astype(np.float32)
            won: F64 = np.matmul(x, self.payoff_t[p]).transpose(1, 0, 2) * live
            return won
        assert self.vsd is not None
        reach = cols.T
        w, t, _ = self.vsd[p].sums(reach)
        blocks = reach.reshape(r, n_o, m).sum(axis=1)  # (R, m)
        before = np.cumsum(blocks, axis=0) - blocks
        w = w - np.repeat(before, n_p, axis=0)
        out: F64 = (w + 0.5 * t).reshape(r, n_p, m).transpose(2, 0, 1) * live
        return out

    def _compatible_rows(self, p: int, cols: F64) -> F64:
        """Per column and river hand of ``p``: the opponent's reach of its river card sharing no card.

        ``cols`` (m, rivers x opponent hands) -> (m, rivers, hands of p); hands holding the river card
        get zero. Fold terminals need only this: no sorting.
        """
        o = 1 - p
        m = cols.shape[0]
        r, n_o, n_p = self.n_rivers, self.n[o], self.n[p]
        live = self.mask[p].reshape(1, r, n_p)
        x = cols.reshape(m * r, n_o)
        out: F64
        if self.compat32 is not None:  # one product (float32: twice as fast, rounding far below the target)
            out = (x.astype(np.float32) @ self.compat32[o]).reshape(m, r, n_p) * live
            return out
        # large ranges: the total minus the reach holding either card (per-card sums from one product
        # with the opponent's card-incidence matrix), plus the identical hand, counted out twice
        per_card = x @ self.incidence[o].T  # (m x rivers, 52)
        cards = self.hands[p].cards
        c = x.sum(axis=1)[:, None] - per_card[:, cards[:, 0]] - per_card[:, cards[:, 1]]
        same = self.same[p]
        has = same >= 0
        if has.any():
            c[:, has] += x[:, same[has]]
        out = c.reshape(m, r, n_p) * live
        return out

    def _compatible(self, p: int, reach: F64) -> F64:
        """Per turn hand of ``p`` and column, the opponent's reach (hands x m) that shares no card with it."""
        out: F64 = self.compat[p] @ reach
        return out

    def _pass(
        self, p: int, strat_t: dict[int, F64], strat_r: dict[int, F64], *, best: bool = False,
    ) -> tuple[dict[int, F64], dict[int, F64], dict[int, F64], dict[int, F64], dict[int, F64], dict[int, F64],
               dict[int, F64]]:
        """Player ``p``'s values bottom-up at every node, given both strategies.

        Returns (turn values, river values, turn per-action values at his nodes,
        river per-action values at his nodes, his own reach at turn nodes, his
        own reach at river nodes, the opponent's reach at turn nodes).
        """
        o = 1 - p
        tnodes = self.turn.nodes
        r_opp: dict[int, F64] = {0: self.hands[o].weights.astype(np.float64)}
        r_own: dict[int, F64] = {0: self.hands[p].weights.astype(np.float64)}
        for i in self.turn_dec:
            node = tnodes[i]
            s = strat_t[i]
            for a, ch in enumerate(node.children):
                if node.player == o:
                    r_opp[ch] = r_opp[i] * s[a]
                    r_own[ch] = r_own[i]
                else:
                    r_opp[ch] = r_opp[i]
                    r_own[ch] = r_own[i] * s[a]
        fnodes = self.forest.nodes
        v_opp: dict[int, F64] = {}
        v_own: dict[int, F64] = {}
        for j, root, _c, _pot in self.forest.links:
            v_opp[root] = np.tile(r_opp[j], self.n_rivers) * self.mask[o]
            v_own[root] = np.tile(r_own[j], self.n_rivers) * self.mask[p]
        q_me = self.rp[p]
        for i in self.river_dec:
            node = fnodes[i]
            s = strat_r[i]
            mine = node.player == q_me
            for a, ch in enumerate(node.children):
                if mine:
                    v_opp[ch] = v_opp[i]
                    v_own[ch] = v_own[i] * s[a]
                else:
                    v_opp[ch] = v_opp[i] * s[a]
                    v_own[ch] = v_own[i]
        # river terminals, all at once, in two matrix products: P (beaten + tied / 2) and K (compatible)
        # columns. Below the player's own node every terminal sees the node's opponent reach: one column
        # each. Below the opponent's node only their sum is needed: one P and one K column of the
        # opponent's reach weighted by his actions and the terminals' payoffs.
        coef_p, coef_k = self.coefs[q_me]
        pcols: list[F64] = []
        kcols: list[F64] = []
        plan: list[tuple[int, int, int]] = []
        for i in self.river_term_parents:
            x = v_opp[i]
            pc = -1
            if i in self.orphans or fnodes[i].player == q_me:
                if i in self.with_showdown:
                    pc = len(pcols)
                    pcols.append(x)
                kcols.append(x)
            else:
                s_i = strat_r[i]
                wp: F64 | None = None
                wk: F64 | None = None
                for a, ch in self.term_children[i]:
                    if coef_p[ch]:
                        wp = coef_p[ch] * s_i[a] if wp is None else wp + coef_p[ch] * s_i[a]
                    wk = coef_k[ch] * s_i[a] if wk is None else wk + coef_k[ch] * s_i[a]
                if wp is not None:
                    pc = len(pcols)
                    pcols.append(x * wp)
                assert wk is not None
                kcols.append(x * wk)
            plan.append((i, pc, len(kcols) - 1))
        val_r: dict[int, F64] = {}
        term_sum: dict[int, F64] = {}
        if plan:
            won = self._won(p, np.stack(pcols)) if pcols else None
            every = self._compatible_rows(p, np.stack(kcols))
            for i, pc, kc in plan:
                if i in self.orphans or fnodes[i].player == q_me:
                    for _a, ch in self.term_children[i]:
                        v = coef_k[ch] * every[kc]
                        if coef_p[ch]:
                            assert won is not None
                            v += coef_p[ch] * won[pc]
                        val_r[ch] = v.reshape(-1)
                else:
                    v = every[kc] if pc < 0 or won is None else won[pc] + every[kc]
                    term_sum[i] = v.reshape(-1)
        per_r: dict[int, F64] = {}
        for i in reversed(self.river_dec):
            node = fnodes[i]
            if node.player == q_me:
                kids = np.stack([val_r[ch] for ch in node.children])
                per_r[i] = kids
                val_r[i] = kids.max(axis=0) if best else (kids * strat_r[i]).sum(axis=0)
            else:
                total = term_sum.get(i)
                for ch in node.children:
                    if ch in val_r:
                        total = val_r[ch] if total is None else total + val_r[ch]
                assert total is not None
                val_r[i] = total
        val_t: dict[int, F64] = {}
        for j, root, _c, _pot in self.forest.links:
            val_t[j] = val_r[root].reshape(self.n_rivers, self.n[p]).sum(axis=0) / self.chance
        if self.turn_folds:
            cf = self._compatible(p, np.stack([r_opp[i] for i in self.turn_folds], axis=1))
            for col, i in enumerate(self.turn_folds):
                node = tnodes[i]
                gain = self.pot + node.contrib[o] if node.folder == o else -node.contrib[p]
                val_t[i] = gain * cf[:, col]
        per_t: dict[int, F64] = {}
        for i in reversed(self.turn_dec):
            node = tnodes[i]
            kids = np.stack([val_t[ch] for ch in node.children])
            if node.player == p:
                per_t[i] = kids
                val_t[i] = kids.max(axis=0) if best else (kids * strat_t[i]).sum(axis=0)
            else:
                val_t[i] = kids.sum(axis=0)
        return val_t, val_r, per_t, per_r, r_own, v_own, r_opp

    def iterate(self) -> None:
        """One Discounted CFR iteration: player 0 updated, then player 1."""
        self.t += 1
        t = self.t
        pos_f = t**self.ALPHA / (t**self.ALPHA + 1.0)
        neg_f = t**self.BETA / (t**self.BETA + 1.0)
        avg_f = (t / (t + 1.0)) ** self.GAMMA
        for p in (0, 1):
            # the current strategies: player p's from his last update, the other's just updated
            strat_t, strat_r = self.strat_t, self.strat_r
            val_t, val_r, per_t, per_r, r_own, v_own, _ = self._pass(p, strat_t, strat_r)
            for table, avg, per, val, strat, own in (
                (self.regret_t, self.avg_t, per_t, val_t, strat_t, r_own),
                (self.regret_r, self.avg_r, per_r, val_r, strat_r, v_own),
            ):
                for i, kids in per.items():
                    reg = table[i]
                    reg += kids
                    reg -= val[i]
                    reg *= np.where(reg > 0, pos_f, neg_f)
                    a = avg[i]
                    a *= avg_f
                    a += own[i] * strat[i]
                    strat[i] = self._match(reg)

    # -- evaluation -------------------------------------------------------------------------

    def expected(
        self, p: int, strat_t: dict[int, F64], strat_r: dict[int, F64], *, best: bool = False,
    ) -> float:
        """Player ``p``'s expected utility (a best response to the other's strategy with ``best``).

        ``strat_t`` and ``strat_r`` are (actions x hands), as :meth:`current` gives them.
        """
        val_t = self._pass(p, strat_t, strat_r, best=best)[0]
        return float((self.hands[p].weights * val_t[0]).sum() / self.norm)

    def exploitability(self, strategy: tuple[dict[int, F64], dict[int, F64]] | None = None) -> float:
        """``(BR_0 + BR_1 - pot) / 2`` in chips over the two-street tree (strategies actions x hands)."""
        st, sr = strategy if strategy is not None else self._average()
        br = self.expected(0, st, sr, best=True) + self.expected(1, st, sr, best=True)
        return max(0.0, (br - self.pot) / 2.0)

    def solve(
        self, *, target_pct: float | None = DEFAULT_TARGET_PCT, max_iterations: int = DEFAULT_MAX_ITERATIONS,
        first_check: int = 20, max_seconds: float | None = None,
    ) -> tuple[float, list[tuple[int, float]]]:
        """Iterate until the exploitability is at most ``target_pct`` % of the pot, or a limit.

        A check costs about one iteration, so checks are spaced by what the last one predicts: the
        exploitability falls about as 1 / t^2 or slower, so from ``e`` % at iteration ``t`` the target
        is not reached before ``t * sqrt(e / target)`` (at least 5 and at most 40 iterations later).
        Returns the last exploitability (chips) and the (iteration, % of the pot) checks made.
        """
        start = time.perf_counter()
        history: list[tuple[int, float]] = []
        expl = float("inf")
        next_check = first_check
        while self.t < max_iterations:
            t0 = time.perf_counter()
            self.iterate()
            per_iter = time.perf_counter() - t0
            elapsed = time.perf_counter() - start
            last = self.t >= max_iterations
            # stop before the budget runs out: one more iteration, the final check and the result must fit
            out_of_time = max_seconds is not None and elapsed + 3.0 * per_iter > max_seconds
            if (target_pct is not None and self.t >= next_check) or last or out_of_time:
                expl = self.exploitability()
                pct = 100.0 * expl / self.pot
                history.append((self.t, pct))
                if (target_pct is not None and pct <= target_pct) or out_of_time:
                    break
                if target_pct is not None and target_pct > 0:
                    ahead = int(np.ceil(self.t * (np.sqrt(pct / target_pct) - 1.0)))
                    next_check = self.t + min(40, max(5, ahead))
        if not history:
            expl = self.exploitability()
            history.append((self.t, 100.0 * expl / self.pot))
        return expl, history


    # -- the answer ---------------------------------------------------------------------------

    def node_results(self) -> tuple[dict[tuple[str, ...], NodeResult], tuple[float, float]]:
        """Per turn decision node (by its line, in tree order), the average strategy, EVs and reach;
        and each player's expected value, from one pass per player."""
        st, sr = self._average()
        tree = self.turn
        nodes: dict[tuple[str, ...], NodeResult] = {}
        vals: list[float] = []
        for p in (0, 1):  # one pass per player gives his values, reaches and per-action values
            val_t, _, per_t, _, r_own, _, r_opp = self._pass(p, st, sr)
            vals.append(float((self.hands[p].weights * val_t[0]).sum() / self.norm))
            ids = list(per_t)
            if not ids:
                continue
            mass = self._compatible(p, np.stack([r_opp[i] for i in ids], axis=1))
            for col, i in enumerate(ids):
                n = tree.nodes[i]
                with np.errstate(invalid="ignore", divide="ignore"):
                    ev = np.where(mass[:, col, None] > 1e-12, per_t[i].T / mass[:, col, None], np.nan)
                invested = n.contrib[n.player]
                nodes[n.path] = NodeResult(n.path, n.player, n.actions, np.ascontiguousarray(st[i].T),
                                           ev + invested, r_own[i], invested)
        ordered = {tree.nodes[i].path: nodes[tree.nodes[i].path] for i in self.turn_dec}
        return ordered, (vals[0], vals[1])

    def river_average(self, i: int, r: int) -> F64:
        """The average strategy at river node ``i`` for the ``r``-th river card: (hands x actions)."""
        n = self.n[self.tp[self.forest.nodes[i].player]]
        return np.ascontiguousarray(self._average()[1][i][:, r * n:(r + 1) * n].T)
