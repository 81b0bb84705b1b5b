"""Ray backend of the simulation engine: the same :func:`~kartentisch.sim.engine.play_match`, as Ray tasks.

Every match is still a pure function of its :class:`~kartentisch.sim.engine.MatchJob`, so the
results equal the local backend's for the same jobs, whatever the cluster. Ray is the optional
extra ``ray`` (``pip install 'kartentisch[ray]'``).
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Sequence
from typing import Any

from ..kernel import KartentischError
from .engine import MatchJob, MatchResult, chunk_size, chunked, play_chunk

INSTALL_HINT = "the ray backend needs Ray: pip install 'kartentisch[ray]' (or pip install 'ray>=2.9,<3')"


def _ray() -> Any:
    """Import Ray or raise KartentischError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise KartentischError(INSTALL_HINT) from None
    return ray


def check_reachable(address: str, timeout_s: float = 5.0) -> None:
    """Fail fast on a cluster address nothing listens on (``ray.init`` would wait for minutes).

    ``address`` is ``host:port`` or ``ray://host:port``; ``auto`` and ``local`` (Ray's own
    keywords) are left to Ray.

    Raises:
        KartentischError: the address has no ``host:port`` form, or a TCP connection to it fails
            within ``timeout_s`` seconds (naming the address and the reason).
    """
    if address in ("auto", "local"):
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not (port.isascii() and port.isdigit()):
        raise KartentischError(f"ray backend: address {address!r} is not host:port or ray://host:port")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s).close()
    except OSError as exc:
        raise KartentischError(f"ray backend: cannot reach a Ray cluster at {address}: {exc}") from None


def run_jobs_ray(jobs: Sequence[MatchJob], address: str | None = None,
                 progress: Callable[[int], None] | None = None, chunk_hint: int = 4) -> list[MatchResult]:
    """Play every job as Ray tasks; results in job order.

    Args:
        jobs: the matches.
        address: a running cluster's address (``ray://host:10001`` or ``host:6379``); ``None``
            starts (or reuses) a local Ray instance with ``ray.init()``.
        progress: called with the number of matches just finished.
        chunk_hint: tasks per expected worker CPU when grouping matches into tasks (fewer,
            longer tasks cost less scheduling overhead).
    Raises:
        KartentischError: Ray missing (with the install command) or the cluster unreachable.
    """
    ray = _ray()
    if not ray.is_initialized():
        if address is not None:
            check_reachable(address)
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise KartentischError(f"ray backend: cannot connect to {address or 'a local Ray instance'}: {exc}") \
                from None
    workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    remote_chunk = ray.remote(play_chunk)
    chunks = list(chunked(jobs, chunk_size(len(jobs), workers, chunk_hint)))
    refs = [remote_chunk.remote(c) for c in chunks]
    index = {ref: i for i, ref in enumerate(refs)}
    parts: list[list[MatchResult] | None] = [None] * len(refs)
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            part = ray.get(ref)
            parts[index[ref]] = part
            if progress:
                progress(len(part))
    return [r for part in parts if part is not None for r in part]
