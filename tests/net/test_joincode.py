"""The join code: one short typeable code carries the host's address, port and secret, and survives misreading."""

from __future__ import annotations

import pytest

from bezique.net.joincode import DEFAULT_PORT, JoinCode, JoinCodeError, Mistake, parse, secret_of


@pytest.mark.parametrize(("address", "port", "longest"), [
    ("192.168.1.20", DEFAULT_PORT, 13), ("10.0.3.7", DEFAULT_PORT, 16), ("172.20.1.1", DEFAULT_PORT, 15),
    ("192.168.0.2", 40123, 17), ("127.0.0.1", 51000, 22), ("8.8.8.8", DEFAULT_PORT, 17),
])
def test_a_code_gives_back_its_address_port_and_secret(address: str, port: int, longest: int) -> None:
    code = JoinCode(address, port, 0x1ABCDEF)
    text = code.text()
    assert parse(text) == code
    assert len(text) <= longest  # a home network's code is eleven characters and two dashes
    assert parse(text.lower().replace("-", " ")) == code


def test_misread_letters_still_decode() -> None:
    code = JoinCode("192.168.1.20", DEFAULT_PORT, 0)
    text = code.text()
    assert "0" in text
    assert parse(text.replace("0", "o")) == code
    one = JoinCode("192.168.1.1", DEFAULT_PORT, 0x0421084)
    assert "1" in one.text()
    assert parse(one.text().replace("1", "l")) == one == parse(one.text().replace("1", "I"))


@pytest.mark.parametrize(("typed", "says", "what"), [
    ("K7Q2-M9XU-P3R", Mistake.CHARACTER, "U"), ("K7Q", Mistake.TOO_SHORT, ""), ("", Mistake.EMPTY, ""),
])
def test_a_mistyped_code_is_refused_with_a_reason(typed: str, says: Mistake, what: str) -> None:
    with pytest.raises(JoinCodeError) as raised:
        parse(typed)
    assert (raised.value.mistake, raised.value.what) == (says, what)  # the window words it in every language
    assert secret_of(typed) is None


def test_a_code_with_a_character_too_many_is_refused() -> None:
    text = JoinCode("192.168.1.20", DEFAULT_PORT, 5).text()
    with pytest.raises(JoinCodeError, match=Mistake.TOO_LONG):
        parse(text + "7")
