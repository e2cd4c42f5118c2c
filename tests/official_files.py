"""Official list files for the tests and the benchmark: real lines, and full-size generated lists.

Real lines (FIDE TXT), quoted in lichess-org/lila, commit 773dbb8266a03c2354cf17c7c2f789d14a8f6105,
``modules/fide/src/test/FidePlayerSyncTest.scala`` ("real lines from the august 2026
blitz_rating_list.txt" and "real line from the august 2026 players_list.txt"), and two
lines of the combined list in a comment of ``modules/fide/src/main/FidePlayerSync.scala``,
commit 0147749c49f9e90696119ccf45eaa17fe42fdd58, which reads the combined list's columns
at 113 (standard), 126 (rapid), 139 (blitz), 152 (birth year) and 158 (flag). The headers
are FIDE's, as several public parsers quote them word for word in their tests; their
columns agree with lila's real lines (the single list's rating at 113, games 119, K 123,
birth year 126, flag 132).

The generated lists (:func:`write_fide_txt`) follow that layout to the column: the header
line FIDE writes and every line padded to its width, sorted by name as FIDE sorts them,
with the fields FIDE fills. They are made up (seeded), never golden numbers.
"""

from __future__ import annotations

import random
from pathlib import Path

#: FIDE's single-kind TXT header (the rating column is labelled with the list's month).
SINGLE_HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA {month} Gms K  B-day Flag"
)
#: FIDE's combined TXT header.
COMBINED_HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)

#: Real lines of FIDE's August 2026 blitz list (lichess-org/lila, commit above).
BLITZ_AUG26 = [
    "703303         Leko, Peter                                                  HUN M   GM                           2738  0   10 1979  i   ",  # noqa: E501
    "700070         Polgar, Judit                                                HUN F   GM                           2736  0   10 1976  wi  ",  # noqa: E501
    "537001345      A Arbhin Vanniarajan                                         IND M                                1431  0   40 2018      ",  # noqa: E501
    "48701955       Aadya Gowda                                                  IND F   WCM  WCM                     1807  0   40 2013  w   ",  # noqa: E501
]
#: A real line of FIDE's August 2026 combined list (lichess-org/lila, commit above).
COMBINED_AUG26 = [
    "703303         Leko, Peter                                                  HUN M   GM                           2676  0   10 2700  0   10 2738  0   10 1979      ",  # noqa: E501
]
#: Real lines of the combined list quoted in lichess-org/lila's ``FidePlayerSync.scala``
#: (commit 0147749c49f9e90696119ccf45eaa17fe42fdd58), as quoted there: their trailing
#: spaces were not kept.
COMBINED_LILA_COMMENT = [
    "6502938        Acevedo Mendez, Lisseth                                      ISL F   WIM  WIM                     1795  0   20 1767  14  20 1740  0   20 1993  w",  # noqa: E501
    "6504450        Acevedo Mendez, Oscar                                        CRC M                                1779  0   40              1640  0   20 1994  i",  # noqa: E501
]

_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
_SYLLABLES = (
    "ka",
    "lo",
    "mi",
    "ne",
    "sor",
    "tan",
    "vik",
    "ber",
    "gal",
    "dan",
    "rio",
    "zen",
    "mar",
    "pol",
    "ste",
    "ana",
    "ive",
    "col",
    "ran",
    "der",
    "son",
    "ova",
    "ich",
    "ez",
    "es",
    "ian",
)
_FEDERATIONS = (
    "IND",
    "GER",
    "FRA",
    "ESP",
    "RUS",
    "USA",
    "ITA",
    "POL",
    "IRL",
    "ENG",
    "TUR",
    "IRI",
    "BRA",
    "ARG",
    "NED",
    "HUN",
    "CZE",
    "SRB",
    "CRO",
    "UKR",
)


def month_label(year: int, month: int) -> str:
    return f"{_MONTHS[month - 1]}{year % 100:02d}"


def _name(rng: random.Random) -> str:
    last = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
    first = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(1, 3))).capitalize()
    return f"{last}, {first}"


def _line(
    pid: int, name: str, fed: str, sex: str, title: str, rating: int, games: int, k: int, year: int, flag: str
) -> str:
    women = title if title.startswith("W") else ""
    return (
        f"{pid:<15}{name:<61}{fed:<4}{sex:<4}{title:<5}{women:<5}{'':<15}{'':<4}"
        f"{rating:<6}{games:<4}{k:<3}{year:<6}{flag:<4}"
    )


def population(players: int, seed: int = 2026) -> list[tuple[int, str, str, str, str, int, int, int]]:
    """``players`` made-up players: ``(id, name, fed, sex, title, rating, birth year, 0)``."""
    rng = random.Random(seed)
    people = []
    for _ in range(players):
        pid = rng.randrange(100_000, 999_999_999)
        sex = "F" if rng.random() < 0.12 else "M"
        rating = max(1400, min(2850, int(rng.gauss(1650, 250))))
        title = (
            ("GM" if rating > 2550 else "IM" if rating > 2450 else "FM" if rating > 2350 else "")
            if sex == "M"
            else ("WGM" if rating > 2350 else "WIM" if rating > 2250 else "")
        )
        people.append(
            (pid, _name(rng), rng.choice(_FEDERATIONS), sex, title, rating, rng.randint(1940, 2018), 0)
        )
    unique = {person[0]: person for person in people}  # the odd ID drawn twice is kept once
    return sorted(unique.values(), key=lambda person: person[1])


def _month_values(pid: int, rating: int, month: int) -> tuple[int, int, str]:
    """Rating, games and flag of a player in month ``month`` (0 is the first): about one player
    in eight plays each month; a player who did not play for a year is inactive."""
    games = 0
    for m in range(month + 1):
        played = (pid * 2654435761 + m * 97) % 100 < 12
        games = (pid + m) % 9 + 1 if played else 0
        if played:
            rating += (pid + m * 31) % 41 - 20
    idle = all((pid * 2654435761 + m * 97) % 100 >= 12 for m in range(max(0, month - 11), month + 1))
    return rating, games, "i" if idle and month >= 11 else ""


def write_fide_txt(
    path: Path, players: int, *, year: int = 2026, month: int = 11, step: int = 0, seed: int = 2026
) -> Path:
    """A FIDE standard TXT list of ``players`` players dated ``year``/``month``, in FIDE's layout.

    ``step`` is how many months after the first list this one is: each step about one player
    in eight has played (his rating and games change; last month's players show 0 games), and
    about one in a hundred more players join (at the end of the population)."""
    joined = int(players * (1 + 0.01 * step))
    people = population(joined, seed)
    header = SINGLE_HEADER.format(month=month_label(year, month))
    with path.open("w", encoding="utf-8", newline="\r\n") as out:
        out.write(header + "\n")
        for pid, name, fed, sex, title, rating, born, _ in people:
            value, games, flag = _month_values(pid, rating, step)
            flag = ("w" if sex == "F" else "") + flag
            k = 10 if value >= 2400 else 40 if born >= 2008 else 20
            out.write(_line(pid, name, fed, sex, title, value, games, k, born, flag) + "\n")
    return path
