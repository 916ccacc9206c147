"""Team initiative, team order and groups (R-INIT-1, R-INIT-2, R-INIT-3, R-INIT-5)."""

from dataclasses import dataclass

from hypothesis import given, strategies as st

from tactics.rules.initiative import (
    TeamEntry,
    initiative_score,
    nearer_group,
    order_teams,
    split_groups,
    team_initiative,
)


@dataclass
class M:
    name: str
    initiative: int
    dex_score: int = 10


def test_initiative_is_dex_plus_wis_plus_misc():  # R-INIT-1
    assert initiative_score(4, 2, 1) == 7


def test_team_initiative_is_the_mean_rounded_down():  # R-INIT-1
    assert team_initiative([7, 6, 3]) == 5
    assert team_initiative([7, 6, 3, -1]) == 3  # Katie would drag the party below the bears
    assert team_initiative([4, 4, 4, 4]) == 4


def test_team_initiative_floors_negative_means():  # R-INIT-1: round DOWN
    assert team_initiative([-1, -2]) == -2
    assert team_initiative([-3]) == -3
    assert team_initiative([0, -1]) == -1


@given(st.lists(st.integers(-10, 20), min_size=1, max_size=12))
def test_team_initiative_never_above_the_mean(values):  # R-INIT-1
    t = team_initiative(values)
    assert t * len(values) <= sum(values) < (t + 1) * len(values)


def test_party_of_three_splits_two_one():  # R-INIT-3, the Space Bears example
    brandon, james, art = M("Brandon", 7, 18), M("James", 6, 14), M("Art", 3, 14)
    van, rear = split_groups([art, james, brandon])
    assert van == [brandon, james] and rear == [art]
    assert van[0] is brandon  # the same objects come back


def test_odd_middle_joins_the_nearer_group():  # R-INIT-3
    a, b, c = M("a", 10), M("b", 3), M("c", 2)
    assert split_groups([a, b, c]) == ([a], [b, c])


def test_odd_middle_tie_goes_to_vanguard():  # R-INIT-3: Vanguard on a tie
    a, b, c = M("a", 6), M("b", 4), M("c", 2)
    assert split_groups([c, b, a]) == ([a, b], [c])


def test_ties_broken_by_dex_score():  # R-INIT-3
    slow, quick = M("slow", 5, 10), M("quick", 5, 16)
    assert split_groups([slow, quick]) == ([quick], [slow])


def test_team_of_one_is_a_vanguard():  # R-INIT-3
    solo = M("solo", 1)
    assert split_groups([solo]) == ([solo], [])
    assert split_groups([]) == ([], [])


@given(st.lists(st.tuples(st.integers(-5, 15), st.integers(3, 20)), min_size=1, max_size=11))
def test_groups_are_even_and_ordered(raw):  # R-INIT-3
    members = [M(str(i), a, d) for i, (a, d) in enumerate(raw)]
    van, rear = split_groups(members)
    assert sorted(map(id, van + rear)) == sorted(map(id, members))
    assert abs(len(van) - len(rear)) <= 1
    if van and rear:
        assert min((m.initiative, m.dex_score) for m in van) >= max(
            (m.initiative, m.dex_score) for m in rear
        )


def test_joiner_joins_the_nearer_group():  # R-INIT-5: Katie joins Art's Rearguard
    assert nearer_group(-1, [7, 6], [3]) == "rearguard"
    assert nearer_group(6, [7, 6], [3]) == "vanguard"
    assert nearer_group(5, [6], [4]) == "vanguard"  # tie: Vanguard


def test_higher_team_initiative_goes_first():  # R-INIT-2
    order, rolls = order_teams([TeamEntry("bears", 4, 14), TeamEntry("party", 5, 18)], lambda: 1 / 0)
    assert order == ["party", "bears"] and rolls == []


def test_tie_goes_to_the_best_dex_score():  # R-INIT-2
    order, rolls = order_teams([TeamEntry("a", 4, 14), TeamEntry("b", 4, 18)], lambda: 1 / 0)
    assert order == ["b", "a"] and rolls == []


def test_full_tie_rolls_opposed_checks_until_one_wins():  # R-INIT-2
    faces = iter([10, 10, 3, 12])
    order, rolls = order_teams([TeamEntry("a", 4, 14), TeamEntry("b", 4, 14)], lambda: next(faces))
    assert order == ["b", "a"]
    assert [r.totals for r in rolls] == [(14, 14), (7, 16)]
