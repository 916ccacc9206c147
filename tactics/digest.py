"""SHA-256 and SHA-1 as the start needs them, without loading OpenSSL.

Why a module of its own (issue 12: start time): :mod:`hashlib` loads OpenSSL's ``_hashlib``
when imported (2.5-5 ms of a start measured at 163 ms), only for the rules data's fingerprints
(:mod:`tactics.rules.checked_cache`, :mod:`tactics.rules.remembered`) and the autosaves' names
(:mod:`tactics.engine.saves.autosave`). CPython's own SHA-256 and SHA-1 give the same digests
(the caches and autosaves written before keep their names); where a Python has no such module,
hashlib's are used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the same functions, typed as hashlib's (CPython's modules have no stubs)
    from hashlib import sha1, sha256
else:
    try:
        from _sha1 import sha1
        from _sha256 import sha256
    except ImportError:  # pragma: no cover (a Python without these modules: 3.12 names the second _sha2)
        from hashlib import sha1, sha256

__all__ = ["sha1", "sha256"]
