"""Easing is pure; tweens advance only by the dt they are given (STYLE.md lesson 9)."""

import pytest

from bezique.ui.kit import easing
from bezique.ui.kit.tween import Tween, flight_time, pause_time


@pytest.mark.parametrize("fn", [easing.linear, easing.out_cubic, easing.in_out_cubic, easing.out_back,
                                easing.in_out_sine, easing.out_quad])
def test_easing_endpoints(fn):
    assert fn(0.0) == pytest.approx(0.0, abs=1e-9)
    assert fn(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tween_advances_by_dt_with_delay():
    t = Tween({"x": 0.0}, {"x": 100.0}, duration=1.0, delay=0.5, ease=easing.linear)
    assert t.value("x") == 0.0
    t.advance(0.5)
    assert t.value("x") == 0.0 and t.started and not t.done
    t.advance(0.5)
    assert t.value("x") == pytest.approx(50.0)
    t.advance(10.0)
    assert t.value("x") == 100.0 and t.done


def test_flight_time_grows_with_distance_and_speed():
    near, far = flight_time(50, 720, "normal"), flight_time(700, 720, "normal")
    assert 0 < near < far < 1.0
    assert flight_time(700, 720, "slow") > far > flight_time(700, 720, "fast")
    assert flight_time(700, 720, "instant") == 0.0
    assert pause_time(1.0, "instant") == 0.0
