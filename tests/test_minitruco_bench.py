"""``bench/minitruco_match.py``: what minitruco's bots are told of a deal, what they may
do through the bridge, and what our side may do against them (issue 23's measure).

minitruco itself is not here: its strategies are stood in for by a fake bridge in
Python, and, where ``javac`` is installed, by Java stubs of its classes that echo back
what the bridge filled in, so that the line format is checked end to end.
"""

from __future__ import annotations

import random
import shutil
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tricktaker.cards import CARD_NAMES, parse_card
from tricktaker.core import get_game
from tricktaker.core.actions import Action
from tricktaker.core.protocol import State
from tricktaker.core.start import Start
from tricktaker.games.truco.views import TrucoView

BENCH = Path(__file__).resolve().parents[1] / "bench"


def _bench() -> Any:
    sys.path.insert(0, str(BENCH))
    try:
        import minitruco_match
    finally:
        sys.path.remove(str(BENCH))
    return minitruco_match


mm = _bench()


def _new(seed: int, score: tuple[int, int] = (0, 0)) -> State:
    game = get_game("truco")
    opts = game.options(dict(mm.OPTIONS))
    return game.new_match(opts, seed=f"minitruco-test/{seed}", start=Start({"score": score}))


def _decisions(seeds: range, score: tuple[int, int] = (0, 0)) -> Iterator[tuple[State, TrucoView]]:
    """Every decision of random deals, both sides choosing among the moves ``allowed``."""
    for seed in seeds:
        rng = random.Random(seed)
        state = _new(seed, score)
        while not state.finished_deals():
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            assert isinstance(view, TrucoView)
            yield state, view
            state.apply(rng.choice(mm.allowed(view, state.legal_actions())))


def test_the_manilha_is_the_rank_after_the_vira() -> None:
    for vira, letter in (("7h", "Q"), ("Qc", "J"), ("Ks", "A"), ("3d", "4"), ("2c", "3")):
        view = next(v for _, v in _decisions(range(1)))
        assert mm.manilha(_with_vira(view, parse_card(vira))) == letter


def _with_vira(view: TrucoView, vira: int) -> TrucoView:
    return replace(view, vira=vira)


def test_minitruco_sees_the_deal_as_the_view_shows_it() -> None:
    seen_down = seen_raise = seen_answer = 0
    for state, view in _decisions(range(60)):
        assert view.seat is not None
        t = mm.situation(view, state.legal_actions()).split(" ")
        assert len(t) == 16
        assert int(t[0]) == view.seat + 1
        trick = len(view.tricks)
        assert int(t[1]) == min(trick + 1, 3)
        for r in range(3):
            want = 0
            if r < trick:
                result = view.tricks[r][2]
                want = 3 if result == "tie" else int(result) + 1
            assert int(t[2 + r]) == want
        assert int(t[5]) == view.value
        raising = view.phase == "play" and any(a.verb == "raise" for a in state.legal_actions())
        if view.phase == "answer":  # the answering side may raise later: the first truco only
            assert int(t[6]) == (3 if view.level == 0 else 0)
        else:
            assert int(t[6]) == (view.ladder[view.level + 1] if raising else 0)
        seen_raise += raising
        if view.phase == "answer":
            seen_answer += 1
            assert view.raiser is not None and int(t[7]) == view.raiser + 1
        else:
            assert t[7] == "0"
        assert t[9] == mm.manilha(view)
        assert (int(t[10]), int(t[11])) == view.score
        assert t[12] == (
            "1" if trick > 0 and (view.seat + 2) % 4 not in view.down_on_table else "0"
        )
        hand = t[13].split(",") if t[13] != "-" else []
        assert hand == [mm.mt_card(c) for c in view.hand]
        played = t[14].split(",")
        assert len(played) == 12
        for r, (plays, downs, _) in enumerate(view.tricks):
            for seat, card in plays:
                assert played[4 * r + seat] == ("XX" if seat in downs else mm.mt_card(card))
        if trick < 3:
            for seat, card in view.on_table:
                down = seat in view.down_on_table
                seen_down += down
                assert played[4 * trick + seat] == ("XX" if down else mm.mt_card(card))
            opener = view.on_table[0][0] if view.on_table else view.leader
            assert int(t[8]) == opener + 1
        assert sum(p != "--" for p in played) == sum(len(p) for p, _, _ in view.tricks) + len(
            view.on_table
        )
    assert seen_down and seen_raise and seen_answer  # the cases above were all reached


def test_a_scripted_deal_reads_as_minitruco_would_write_it() -> None:
    """Golden lines, written out by hand from minitruco's ``SituacaoJogo``: the vira
    Jc makes kings the manilhas; seats 0 to 3 are positions 1 to 4, 1 and 3 partners."""
    game = get_game("truco")
    state = game.new_match(game.options(dict(mm.OPTIONS)), seed="minitruco-golden", dealer=0)
    hands = {s: [CARD_NAMES[c] for c in state.view(s).hand if c is not None] for s in range(4)}
    assert hands == {
        0: ["2c", "Qs", "5c"],
        1: ["3h", "2d", "6h"],
        2: ["Kc", "Ks", "2s"],
        3: ["Qd", "7d", "5d"],
    }
    for text in ("1:play 3h", "2:play Kc", "3:play 5d", "0:play 5c", "2:raise"):
        state.apply(game.parse_action(text))

    def line(seat: int) -> str:
        view = state.view(seat)
        assert isinstance(view, TrucoView)
        return str(mm.situation(view, state.legal_actions()))

    # Position 4 answers position 3's truco in round 2; round 1 went to positions 1/3
    # (the zap); its side could still raise to 3 later, had nobody accepted yet.
    assert line(3) == "4 2 1 0 0 1 3 3 3 K 0 0 1 Qo,7o 5p,3c,Kp,5o,--,--,--,--,--,--,--,-- -"
    for text in ("3:accept", "2:play 2s down"):
        state.apply(game.parse_action(text))
    # Its side accepted: it may raise to 6; position 3's card lies face down.
    assert line(3) == "4 2 1 0 0 3 6 0 3 K 0 0 1 Qo,7o 5p,3c,Kp,5o,--,--,XX,--,--,--,--,-- -"
    state.apply(game.parse_action("3:play Qd"))
    # Position 1: no raise (its side's was accepted), no face down after its partner's.
    assert line(0) == "1 2 1 0 0 3 0 0 3 K 0 0 0 2p,Qe 5p,3c,Kp,5o,--,--,XX,Qo,--,--,--,-- -"


def test_minitruco_writes_cards_by_its_own_names() -> None:
    assert mm.mt_card(parse_card("Ah")) == "Ac"  # copas
    assert mm.mt_card(parse_card("7d")) == "7o"  # ouros
    assert mm.mt_card(parse_card("Qs")) == "Qe"  # espadas
    assert mm.mt_card(parse_card("4c")) == "4p"  # paus
    assert mm.mt_card(None) == "XX"


def test_our_side_plays_only_what_minitruco_allows() -> None:
    dropped: set[str] = set()
    for state, view in _decisions(range(60)):
        legal = state.legal_actions()
        kept = mm.allowed(view, legal)
        assert kept and all(a in legal for a in kept)
        for a in legal:
            if a in kept:
                continue
            if a.verb == "fold":
                dropped.add("fold")
            elif a.verb == "raise":
                assert view.phase == "answer"
                dropped.add("raise back")
            else:
                assert a.args[-1:] == ("down",) and mm.partner_down(view)
                dropped.add("down")
        assert not any(a.verb == "fold" for a in kept)
    assert dropped == {"fold", "raise back", "down"}


class FakeBridge:
    """Answers from a script, and keeps what it was asked."""

    def __init__(self, *answers: int | None) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, str, str]] = []

    def ask(self, kind: str, strategy: str, seed: int, where: str) -> int | None:
        self.asked.append((kind, strategy, where))
        return self.answers.pop(0)


def _first(seeds: range, phase: str, score: tuple[int, int] = (0, 0)) -> tuple[State, TrucoView]:
    return next((s, v) for s, v in _decisions(seeds, score) if v.phase == phase)


def _move(state: State, bridge: FakeBridge) -> Action:
    return mm.minitruco_move(state, bridge, "gasparotto", random.Random(0), mm.Tally())  # type: ignore[no-any-return]


def test_either_partner_carries_the_answer_to_a_raise() -> None:
    state, view = _first(range(60), "answer")
    assert view.seat is not None
    bridge = FakeBridge(0, 1)
    assert _move(state, bridge).verb == "accept"
    asked = [int(where.split(" ")[0]) for _, _, where in bridge.asked]
    assert asked == [view.seat + 1, (view.seat + 2) % 4 + 1]
    assert all(kind == "A" for kind, _, _ in bridge.asked)
    assert _move(state, FakeBridge(0, 0)).verb == "refuse"
    assert _move(state, FakeBridge(1)).verb == "accept"
    assert _move(state, FakeBridge(None, None)).verb == "refuse"  # a strategy that threw


def test_a_hand_of_eleven_shows_the_partners_cards() -> None:
    state, view = _first(range(20), "decide", score=(11, 3))
    assert view.seat is not None
    bridge = FakeBridge(0, 0)
    assert _move(state, bridge).verb == "run"
    for (kind, _, where), seat in zip(bridge.asked, (view.seat, (view.seat + 2) % 4), strict=True):
        assert kind == "M"
        partner = state.view((seat + 2) % 4)
        assert isinstance(partner, TrucoView)
        assert where.split(" ")[-1] == ",".join(mm.mt_card(c) for c in partner.hand)
    assert _move(state, FakeBridge(0, 1)).verb == "play"


def test_a_card_asked_by_place_is_played_as_minitruco_would() -> None:
    state, view = next(
        (s, v)
        for s, v in _decisions(range(60))
        if v.phase == "play" and any(a.verb == "raise" for a in s.legal_actions())
    )
    assert _move(state, FakeBridge(-1)).verb == "raise"
    assert _move(state, FakeBridge(1)).args == (CARD_NAMES[view.hand[1] or 0],)
    # Face down is not allowed in the first trick: the card goes face up.
    first = next((s, v) for s, v in _decisions(range(60)) if v.phase == "play" and not v.tricks)
    assert _move(first[0], FakeBridge(10)).args == (CARD_NAMES[first[1].hand[0] or 0],)
    later = next(
        (s, v)
        for s, v in _decisions(range(60))
        if v.phase == "play" and v.tricks and not mm.partner_down(v)
    )
    assert _move(later[0], FakeBridge(10)).args == (CARD_NAMES[later[1].hand[0] or 0], "down")
    # After the partner's face-down card in the trick, minitruco plays it face up.
    after = next(
        (s, v)
        for s, v in _decisions(range(200))
        if v.phase == "play" and mm.partner_down(v) and v.hand
    )
    assert _move(after[0], FakeBridge(10)).args == (CARD_NAMES[after[1].hand[0] or 0],)
    # An index the hand does not have: the first card.
    assert _move(later[0], FakeBridge(7)).args == (CARD_NAMES[later[1].hand[0] or 0],)
    # A raise asked where none may be made: the first card, as minitruco's bot does.
    quiet = next(
        (s, v)
        for s, v in _decisions(range(60))
        if v.phase == "play" and not any(a.verb == "raise" for a in s.legal_actions())
    )
    assert _move(quiet[0], FakeBridge(-1)).args == (CARD_NAMES[quiet[1].hand[0] or 0],)


#: Stand-ins for minitruco's classes, just enough for the bridge to compile against:
#: each answer echoes what the bridge filled in.
STUBS = {
    "Carta": """
public class Carta {
    public static final char LETRA_NENHUMA = 'X';
    public static final int NAIPE_NENHUM = 4;
    public final char letra; public final int naipe; public boolean fechada;
    public Carta(char l, int n) { letra = l; naipe = n; }
    public Carta(String s) { this(s.charAt(0), "coepx".indexOf(s.charAt(1))); }
    public void setFechada(boolean f) { fechada = f; }
    public String toString() { return fechada ? "XX" : "" + letra + "coep".charAt(naipe); }
}""",
    "Estrategia": """
public interface Estrategia {
    int joga(SituacaoJogo s);
    boolean aceitaTruco(SituacaoJogo s);
    boolean aceitaMaoDeX(Carta[] c, SituacaoJogo s);
}""",
    "SituacaoJogo": """
public class SituacaoJogo {
    public int posJogador, numRodadaAtual, valorMao, valorProximaAposta;
    public int posJogadorPedindoAumento, posJogadorQueAbriuRodada;
    public final int[] resultadoRodada = new int[3];
    public final int[] pontosEquipe = new int[2];
    public final Carta[][] cartasJogadas = new Carta[3][4];
    public Carta[] cartasJogador;
    public char manilha; public boolean baralhoSujo, podeFechada;
}""",
    "EstrategiaGasparotto": """
public class EstrategiaGasparotto implements Estrategia {
    private static final java.util.Random rand = new java.util.Random();
    public int joga(SituacaoJogo s) {
        // Fields as digits: position, trick, value, next value, opener, the score,
        // whether face down is allowed, cards in hand.
        return s.posJogador * 100000000 + s.numRodadaAtual * 10000000 + s.valorMao * 100000
            + s.valorProximaAposta * 1000 + s.posJogadorQueAbriuRodada * 100
            + (s.podeFechada ? 10 : 0) + s.cartasJogador.length;
    }
    public boolean aceitaTruco(SituacaoJogo s) {
        return s.posJogadorPedindoAumento == 2 && s.pontosEquipe[0] == 5 && s.pontosEquipe[1] == 7
            && s.manilha == 'Q' && s.resultadoRodada[0] == 3 && s.baralhoSujo
            && s.cartasJogadas[0][1].toString().equals("Ac")
            && s.cartasJogadas[0][2].toString().equals("XX") && s.cartasJogadas[1][0] == null;
    }
    public boolean aceitaMaoDeX(Carta[] c, SituacaoJogo s) {
        return c.length == 3 && c[2].toString().equals("4p") && rand.nextInt(1000) == SEEDED;
    }
    static final int SEEDED = new java.util.Random(42).nextInt(1000);
}""",
    "EstrategiaSellani": """
public class EstrategiaSellani implements Estrategia {
    private static final java.util.Random rand = new java.util.Random();
    public int joga(SituacaoJogo s) { throw new IllegalStateException("a stub that fails"); }
    public boolean aceitaTruco(SituacaoJogo s) { return false; }
    public boolean aceitaMaoDeX(Carta[] c, SituacaoJogo s) { return false; }
}""",
}


@pytest.mark.skipif(shutil.which("javac") is None, reason="no Java compiler here")
def test_the_bridge_fills_minitrucos_situation_field_by_field(tmp_path: Path) -> None:
    core = tmp_path / "checkout" / mm.CORE
    core.mkdir(parents=True)
    for name, body in STUBS.items():
        (core / f"{name}.java").write_text(f"package me.chester.minitruco.core;\n{body}\n")
    classes = mm.build(tmp_path / "checkout", tmp_path / "build")
    assert mm.build(tmp_path / "checkout", tmp_path / "build") == classes  # compiled once
    bridge = mm.Bridge(classes)
    try:
        hand = "Ac,7p,3e"
        played = ",".join(["--", "Ac", "XX", "--"] + ["--"] * 8)
        line = f"3 2 3 0 0 3 6 2 4 Q 5 7 1 {hand} {played} -"
        # position 3, trick 2, worth 3, a raise to 6, opened by 4, face down allowed, 3 cards
        assert bridge.ask("J", "gasparotto", 1, line) == 320_306_413
        assert bridge.ask("A", "gasparotto", 1, line) == 1
        assert bridge.ask("A", "gasparotto", 1, line.replace(" 5 7 ", " 5 6 ")) == 0
        eleven = line[: -len(" -")] + " Kc,Ah,4p"
        assert bridge.ask("M", "gasparotto", 42, eleven) == 1  # the strategy's rand reseeded
        assert bridge.ask("J", "sellani", 1, line) is None
        assert bridge.errors == 1
        assert bridge.ask("J", "nobody", 1, line) is None  # a line it cannot read
    finally:
        bridge.close()
