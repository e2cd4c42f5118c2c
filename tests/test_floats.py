"""Float sums that do not depend on the Python version."""

from xlrating._floats import in_order


def test_floats_are_added_from_the_left_on_every_python() -> None:
    # Left to right: 1e16 + 1 rounds back to 1e16, and the 1 is lost. Python 3.12's sum,
    # which compensates each rounding, gives 1.0 here; 3.11's gave 0.0, as in_order does.
    assert in_order([1e16, 1.0, -1e16]) == 0.0
    assert in_order([0.1] * 10) == 0.9999999999999999
    assert in_order(iter([2.5, 0.5])) == 3.0 and in_order([]) == 0.0
