"""The generic Monte Carlo bot plays Gallic Wars far better than random play."""

from __future__ import annotations

import pytest

from boardcore.simulate import simulate


@pytest.mark.slow
def test_monte_carlo_beats_random_at_gallic_wars():
    report = simulate("gallic-wars", games=12, bots=["mc", "random"], seed=1)
    assert report.wins[0] >= 8, report  # 35 of 40 in a longer run (see the closing note)
