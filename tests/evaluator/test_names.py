"""Hand names (coach/evaluator/names.py): every category named in Italian and English, the best five
cards with the made part first (DESIGN §4)."""

from __future__ import annotations

import random

import pytest

from coach.cards import ALL_CARDS
from coach.evaluator import Category, best_five, describe, evaluate
from coach.i18n import render


def it(text: str) -> str:
    return render(describe(text.split()), "it")


@pytest.mark.parametrize(("cards", "name", "english"), [
    ("As Ks Qs Js Ts 2c 3d", "Scala reale", "Royal flush"),
    ("9s 8s 7s 6s 5s Ac Ad", "Scala colore al 9", "9-high straight flush"),
    ("Ac Ad As Ah Kc 2d 3c", "Poker d'Assi, kicker K", "Four of a kind of Aces, kicker K"),
    ("Kc Kd Ks 9c 9h 2d 3c", "Full di Re sui 9", "Full house of Kings over 9s"),
    ("Qc Qd Qs 8c 8h 2d 3c", "Full di Donne sugli 8", "Full house of Queens over 8s"),
    ("Ah Jh Kh 7h 3h 9s 2c", "Colore all'Asso", "Ace-high flush"),
    ("Qh Jh 7h 3h 2h 9s 2c", "Colore alla Donna", "Queen-high flush"),
    ("Ad 2c 3h 4s 5d 9c Kd", "Scala al 5", "5-high straight"),
    ("Q♠ 9h 9c Kc 3h 5s 9d", "Tris di 9, kicker K e Q", "Three of a kind of 9s, kicker K and Q"),
    ("Ks Jh 9c Kc 3h 5s 9d", "Doppia coppia, K e 9, kicker J", "Two pair, K and 9, kicker J"),
    ("Ac Ad Kc Qh 9s 4d 2c", "Coppia d'Assi, kicker K, Q e 9", "Pair of Aces, kicker K, Q and 9"),
    ("8c 8d Kc Qh 9s 4d 2c", "Coppia di 8, kicker K, Q e 9", "Pair of 8s, kicker K, Q and 9"),
    ("Ac Kd Qh 9s 7c 4d 2c", "Carta alta Asso, kicker K, Q, 9 e 7", "High card Ace, kicker K, Q, 9 and 7"),
])
def test_describe(cards: str, name: str, english: str) -> None:
    assert it(cards) == name
    assert render(describe(cards.split()), "en") == english


def test_every_category_has_an_italian_label() -> None:
    labels = [render(c.label, "it") for c in Category]
    assert labels == ["Carta alta", "Coppia", "Doppia coppia", "Tris", "Scala", "Colore", "Full",
                      "Poker", "Scala colore", "Scala reale"]


def test_best_five_made_part_first() -> None:
    assert [str(c) for c in best_five("Qs 9h 9c Kc 3h 5s 9d".split())] == ["9h", "9d", "9c", "Kc", "Qs"]
    assert [str(c) for c in best_five("Ad 2c 3h 4s 5d 9c Kd".split())] == ["5d", "4s", "3h", "2c", "Ad"]
    assert [str(c) for c in best_five("Ah Kh 7h 3h 2h Jh 9s".split())] == ["Ah", "Kh", "Jh", "7h", "3h"]
    rng = random.Random(3)
    for _ in range(200):
        cards = rng.sample(ALL_CARDS, 7)
        five = best_five(cards)
        assert len(set(five)) == 5 and set(five) <= set(cards)
        assert evaluate(five) == evaluate(cards)
