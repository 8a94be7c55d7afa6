"""The hostile inputs (hand files a learner or a teacher may upload or paste), as texts and files
every hostile test (and the benchmark) shares.

Each case is a small PHH text built from one legal hand (``BASE``, the tests' ``SAMPLE_PHH``) with one
hostile change. ``write_cases(folder)`` writes them as files, with the BOM and
non-UTF-8 variants as bytes.
"""

from __future__ import annotations

from pathlib import Path

from support.hands import SAMPLE_PHH

BASE = SAMPLE_PHH

# p1 is dealt AsKs, goes to the showdown against p2 (face down) and shows 2h2c.
SHOWDOWN = BASE.replace('"p2 f"]', '"p2 cc", "d db 2s3s4d", "p1 cc", "p2 cc", "d db 9c", "p1 cc", "p2 cc", '
                                  '"d db Jd", "p1 cc", "p2 cc", "p1 sm AsKs", "p2 sm 7h8h"]')
FALSIFIED = SHOWDOWN.replace('"p1 sm AsKs"', '"p1 sm 2h2c"')
# p2 was dealt face down and shows p3's cards (7c7d, dealt to p3, who folded).
STOLEN = SHOWDOWN.replace('"p2 sm 7h8h"', '"p2 sm 7c7d"')
# p2 shows a board card.
ON_BOARD = SHOWDOWN.replace('"p2 sm 7h8h"', '"p2 sm 9cTc"')

PHH_TEXTS: dict[str, str] = {
    "big-stack.phh": BASE.replace("[100, 100, 100]", "[1e999999, 100, 100]"),
    "big-bet.phh": BASE.replace("cbr 6", "cbr 1e999999"),
    "bet-1e25.phh": BASE.replace("cbr 6", "cbr 1e25"),
    "bet-inf.phh": BASE.replace("cbr 6", "cbr inf"),
    "bet-overflow.phh": BASE.replace("cbr 6", "cbr 1e999999999"),
    "bet-5000-digits.phh": BASE.replace("cbr 6", "cbr " + "9" * 5000),
    "stack-5000-digits.phh": BASE.replace("[100, 100, 100]", "[" + "9" * 5000 + ", 100, 100]"),
    "stack-16-digits.phh": BASE.replace("[100, 100, 100]", "[1234567890.123456, 100, 100]"),
    "nested-array.phh": "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "nested-inline.phh": "x = " + "{a = " * 1_200 + "1" + "}" * 1_200 + "\n",
    "falsified-showdown.phh": FALSIFIED,
    "stolen-cards.phh": STOLEN,
    "board-card-shown.phh": ON_BOARD,
    "players-27.phh": BASE.replace("[0, 0, 0]", "[" + ", ".join(["0"] * 27) + "]")
                          .replace("[1, 2, 0]", "[1, 2" + ", 0" * 25 + "]")
                          .replace("[100, 100, 100]", "[" + ", ".join(["100"] * 27) + "]"),
    "players-23.phh": BASE.replace("[0, 0, 0]", "[" + ", ".join(["0"] * 23) + "]")
                          .replace("[1, 2, 0]", "[1, 2" + ", 0" * 21 + "]")
                          .replace("[100, 100, 100]", "[" + ", ".join(["100"] * 23) + "]"),
    "duplicate-names.phh": BASE + 'players = ["Anna", "Anna", "Bruno"]\n',
    "too-many-actions.phh": BASE.replace('"p2 f"]', '"p2 f"' + ', "# commento"' * 1_200 + "]"),
    # 47 KB of one dotted key took tomllib 2.3 GB (a record per prefix of the key)
    "dotted-key.phh": BASE + "meta" + ".a" * 24_000 + " = 1\n",
    "table-header.phh": BASE + "[" + "a." * 24_000 + "a]\nx = 1\n",
    "array-header.phh": BASE + "[[" + "a." * 24_000 + "a]]\nx = 1\n",
}

# What each refusal must mention (Italian, default locale).
ITALIAN_NEEDLE: dict[str, str] = {
    "big-stack.phh": "supera il limite di 1.000.000.000.000",
    "big-bet.phh": "supera il limite di 1.000.000.000.000",
    "bet-1e25.phh": "supera il limite di 1.000.000.000.000",
    "bet-inf.phh": "non è un importo positivo",
    "bet-overflow.phh": "supera il limite di 1.000.000.000.000",
    "bet-5000-digits.phh": "è più lungo di 32 caratteri",
    "stack-5000-digits.phh": "un numero ha più di 64 cifre",
    "stack-16-digits.phh": "ha più di 15 cifre significative",
    "nested-array.phh": "annidate più di 8 livelli",
    "nested-inline.phh": "annidate più di 8 livelli",
    "falsified-showdown.phh": "p1 ha ricevuto As Ks",
    "stolen-cards.phh": "La carta 7c è già nella mano di p3",
    "board-card-shown.phh": "La carta 9c è già tra le carte comuni",
    "players-27.phh": "al massimo 22 giocatori",
    "players-23.phh": "al massimo 22 giocatori",
    "duplicate-names.phh": "un nome diverso",
    "too-many-actions.phh": "al massimo 1.000 azioni",
    "dotted-key.phh": "una chiave o il nome di una [sezione] ha 24.001 parti separate da punti, più del "
                      "limite di 8 (riga 7)",
    "table-header.phh": "ha 24.001 parti separate da punti, più del limite di 8 (riga 7)",
    "array-header.phh": "ha 24.001 parti separate da punti, più del limite di 8 (riga 7)",
    "latin1.phh": "non è testo UTF-8 (byte 0xe8 alla posizione 6)",
    "missing.phh": "il file non esiste",
}


def write_cases(folder: Path) -> dict[str, Path]:
    """Every hostile file in ``folder`` (plus a good one, a BOM one and a Latin-1 one)."""
    folder.mkdir(parents=True, exist_ok=True)
    out: dict[str, Path] = {}
    for name, text in PHH_TEXTS.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        out[name] = path
    out["good.phh"] = folder / "good.phh"
    out["good.phh"].write_text(BASE, encoding="utf-8")
    out["bom.phh"] = folder / "bom.phh"
    out["bom.phh"].write_bytes(b"\xef\xbb\xbf" + BASE.encode("utf-8"))
    out["latin1.phh"] = folder / "latin1.phh"
    out["latin1.phh"].write_bytes(("# caff\xe8 \n" + BASE).encode("latin-1"))
    out["missing.phh"] = folder / "missing.phh"
    return out


def long_hand(actions: int = 300) -> str:
    """A legal heads-up hand of ``actions`` actions, every one a decision: min-raises back and
    forth preflop (a 300-action pasted hand once took 11.5 s of CPU per teacher click)."""
    acts = ["d dh p1 AsKs", "d dh p2 7c7d"]
    to, seat = 2, 1
    while len(acts) < actions - 1:
        to += 2
        acts.append(f"p{seat} cbr {to}")
        seat = 3 - seat
    acts.append(f"p{seat} cc")
    return ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [2, 1]\nmin_bet = 2\n'
            "starting_stacks = [1000000, 1000000]\nactions = [" + ", ".join(f'"{a}"' for a in acts) + "]\n")
