"""US Chess's fold of an event into the season's list, in place: a player's entry, once the season
has changed it, is the season's own working copy, changed in place by each later event and given
back as an :class:`~xlrating.lists.Entry` when the events are rated; the caller's entries are never
changed. Seeded seasons (dual-rated events, Quick events on a Regular list, matches, floors and
peaks, new players) check that the new list holds entries only, that the caller's list and entries
are as they were, and that the fold in place gives every field the fold into new entries gives."""

from __future__ import annotations

import copy
import dataclasses
import random
from operator import attrgetter

import pytest
from test_lists_waves import SEEDS, uscf_season

from xlrating import uscf
from xlrating.lists import Entry, rate_season
from xlrating.lists import uscf as uscf_lists


@pytest.mark.parametrize("explain", [False, True])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_new_list_holds_entries_and_the_caller_s_list_is_unchanged(seed: int, explain: bool) -> None:
    ratings, events = uscf_season(seed)
    entries = dict(ratings.entries)
    before = copy.deepcopy(entries)
    result = rate_season(ratings, events, explain=explain)
    assert all(type(entry) is Entry for entry in result.list.entries.values())
    assert ratings.entries == before and all(ratings.entries[key] is entries[key] for key in entries)
    assert rate_season(ratings, events, explain=explain) == result  # (nothing of the first season kept)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_fold_in_place_gives_the_fields_a_fold_into_new_entries_gives(seed: int) -> None:
    rng = random.Random(seed)
    ratings, _ = uscf_season(seed)
    olds = [dataclasses.replace(entry, history=rng.choice([None, "all wins", "all losses"]))
            if entry.rating is not None else entry for entry in ratings.entries.values()]
    ids = [entry.id for entry in olds]
    rules = uscf.get_rules("2020")
    first, plain = True, olds
    for _ in range(3):  # (the second and third folds change the working copies the first made)
        posts = [rng.choice([None, float(rng.randint(100, 2500))]) for _ in olds]
        games = [rng.choice([None, rng.randint(1, 60)]) for _ in olds]
        tally = ([rng.randint(0, 3) for _ in olds], [rng.randint(0, 2) for _ in olds],
                 [rng.randint(0, 3) for _ in olds])
        expected = [dataclasses.replace(
            old, rating=post, games=after, wins=old.wins + won, draws=old.draws + drawn,
            peak=uscf_lists._peak(old, post, after, rules.established_games),
            events=old.events + (won + drawn + lost >= rules.floor_event_games),
            history=None if post is None else uscf_lists._history(old, won, drawn, lost))
            for old, post, after, won, drawn, lost in zip(plain, posts, games, *tally, strict=True)]
        copies = dict(uscf_lists._fold_own(ids, olds, posts, games, tally, rules))
        assert len(copies) == (len(olds) if first else 0)  # (the first fold copies, the others change them)
        olds = [copies.get(key, old) for key, old in zip(ids, olds, strict=True)]
        assert all(old.__class__ is uscf_lists._Working for old in olds)
        assert list(map(_fields, olds)) == list(map(_fields, expected))
        first, plain = False, expected
    given = dict(zip(ids, olds, strict=True))
    uscf_lists._as_entries(given)
    assert list(given.values()) == expected and all(type(entry) is Entry for entry in given.values())


_fields = attrgetter(*Entry.__slots__)
