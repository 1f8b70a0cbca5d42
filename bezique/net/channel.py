"""The encrypted channel between a friend and the host: a key both ends derive from the join code's secret by a
password-authenticated key exchange, then every message sealed with it.

Why: the game is played over a network others may watch (a café's wifi, a shared house). Plain text would show
every hand to a watcher, and a code checked in the open would let anyone who saw it once join. With SPAKE2 (the
key exchange magic-wormhole uses; the maintained ``spake2`` package, never hand-written) the secret never crosses
the wire, a watcher learns nothing that helps it guess, and each guess by someone without the code costs one whole
exchange with the host (which the host limits: ``host``'s ``Limits``). The key then seals every message with
ChaCha20-Poly1305 (``cryptography``'s AEAD, the same library spake2 builds on), one key per direction derived by
HKDF, and a counter as the nonce, so a message altered, dropped, replayed or reordered on the way is refused.

The exchange, over the websocket's binary frames: the friend sends ``HELLO`` followed by its SPAKE2 message, the
host answers with its own; from then on every frame is a sealed message. A wrong code is found at the host's first
``open`` (the friend's join does not open), and the host closes the connection with ``BAD_CODE_CLOSE``; the
friend finds a host that does not know its code the same way.

``secret_bytes`` is the one place the code's secret becomes the password, so an invitation carrying the secret
another way (over the internet) derives the same key.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B

HELLO = b"BZQ2"  # the first bytes of a friend's first frame: this protocol's key exchange
FRIEND_ID = b"bezique friend"
HOST_ID = b"bezique host"
BAD_CODE_CLOSE = 4001  # websocket close code: the key exchange failed (the code is not this game's)
BUSY_CLOSE = 4029  # websocket close code: too many attempts (from this address, or from everyone): wait and retry
MAX_SEALED = 1 << 22  # the longest sealed frame either end accepts (a six-handed view with its log stays far below)
_OVERHEAD = 16  # Poly1305's tag


class ChannelError(ValueError):
    """A frame that is not what the channel expects: a bad key exchange, or a message that does not open."""


def secret_bytes(secret: int) -> bytes:
    """The password both ends put into the key exchange for the join code's `secret`."""
    return b"bezique join code:" + secret.to_bytes(16, "big")


@dataclass
class Sealer:
    """One end's keys after the exchange: ``seal`` what it sends, ``open`` what it receives, in order."""

    send_key: bytes
    receive_key: bytes
    _sent: int = 0
    _received: int = 0
    _send: ChaCha20Poly1305 = field(init=False, repr=False)
    _receive: ChaCha20Poly1305 = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._send = ChaCha20Poly1305(self.send_key)
        self._receive = ChaCha20Poly1305(self.receive_key)

    def seal(self, text: str) -> bytes:
        """`text` (UTF-8) sealed as the next frame this end sends."""
        nonce = self._sent.to_bytes(12, "big")
        self._sent += 1
        return self._send.encrypt(nonce, text.encode("utf-8"), None)

    def open(self, frame: bytes | str) -> str:
        """The text of the next frame received.

        Raises:
            ChannelError: not a sealed frame, sealed with another key, altered, replayed, out of order, or not
                UTF-8 text.
        """
        if not isinstance(frame, bytes) or not _OVERHEAD <= len(frame) <= MAX_SEALED:
            raise ChannelError("expected a sealed binary frame")
        nonce = self._received.to_bytes(12, "big")
        try:
            plain = self._receive.decrypt(nonce, frame, None)
        except InvalidTag:
            raise ChannelError("a frame that does not open with this game's key") from None
        self._received += 1
        try:
            return plain.decode("utf-8")
        except UnicodeDecodeError:
            raise ChannelError("a sealed frame that is not UTF-8 text") from None


def _keys(shared: bytes) -> tuple[bytes, bytes]:
    """The two directions' keys (friend to host, host to friend) derived from the exchange's shared key."""
    def derive(info: bytes) -> bytes:
        return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(shared)
    return derive(b"bezique friend to host"), derive(b"bezique host to friend")


class FriendExchange:
    """The friend's side of the key exchange for `secret`: ``hello`` to send, then ``finish`` with the host's
    answer."""

    def __init__(self, secret: int) -> None:
        self._spake = SPAKE2_A(secret_bytes(secret), idA=FRIEND_ID, idB=HOST_ID)
        self.hello = HELLO + self._spake.start()

    def finish(self, answer: bytes | str) -> Sealer:
        """The friend's sealer, from the host's answer.

        Raises:
            ChannelError: the answer is not a key-exchange message.
        """
        if not isinstance(answer, bytes):
            raise ChannelError("expected the host's key exchange")
        try:
            to_host, to_friend = _keys(self._spake.finish(answer))
        except Exception as exc:  # a hostile message may fail spake2 any way (not a point, wrong side...)
            raise ChannelError(f"the host's key exchange: {type(exc).__name__}") from None
        return Sealer(to_host, to_friend)


def host_exchange(secret: int, hello: bytes | str) -> tuple[bytes, Sealer]:
    """The host's side of the key exchange: its answer to a friend's `hello`, and the host's sealer (which opens
    the friend's frames only if the friend used the same secret).

    Raises:
        ChannelError: `hello` is not this protocol's key exchange.
    """
    if not isinstance(hello, bytes) or not hello.startswith(HELLO) or len(hello) > 64:
        raise ChannelError("expected a key exchange")
    spake = SPAKE2_B(secret_bytes(secret), idA=FRIEND_ID, idB=HOST_ID)
    answer = spake.start()
    try:
        to_host, to_friend = _keys(spake.finish(hello[len(HELLO):]))
    except Exception as exc:  # a hostile message may fail spake2 any way (not a point, wrong side...)
        raise ChannelError(f"the key exchange: {type(exc).__name__}") from None
    return answer, Sealer(to_friend, to_host)
