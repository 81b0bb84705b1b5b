"""Who works on what, in the store: the bots' leases of a shared store and the coach's jobs (issues 23, 26).

:class:`JobStore` keeps, on the :class:`~.database.Database`, which process drives a table's bots
(``kt_bot_leases``, PostgreSQL's clock; :class:`~kartentisch.web.cluster.Cluster` renews and takes them over) and
which process works on a coach's review (``kt_reviews``), with the uploaded replay files it reads (``kt_uploads``),
so that any server process answers for them. :class:`~.store.Store` builds on it.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from .database import Database
from .records import ReviewRecord
from .schema import leases_t, reviews_t, uploads_t


class JobStore(Database):
    """Bot leases and the coach's reviews and uploads in the database (see the module's docstring)."""

    # ------------------------------------------------------------------ bot leases (shared stores)
    def take_lease(self, table_id: str, owner: str, seconds: float) -> bool:
        """Hold the bots of ``table_id`` for ``owner`` for ``seconds`` (the database's clock): granted when nobody
        holds them, ``owner`` already does, or the holder's lease expired; returns whether it is ``owner``'s."""
        now = func.extract("epoch", func.clock_timestamp())
        stmt = pg_insert(leases_t).values(table_id=table_id, owner=owner, expires=now + seconds).on_conflict_do_update(
            index_elements=[leases_t.c.table_id], set_={"owner": owner, "expires": now + seconds},
            where=(leases_t.c.owner == owner) | (leases_t.c.expires < now)).returning(leases_t.c.owner)
        with self.engine.begin() as conn:
            return conn.execute(stmt).first() is not None

    def renew_leases(self, owner: str, table_ids: Collection[str], seconds: float) -> set[str]:
        """Extend ``owner``'s leases of ``table_ids`` by ``seconds`` from now; returns the ids still ``owner``'s
        (a lease missing here expired and was taken over meanwhile)."""
        if not table_ids:
            return set()
        now = func.extract("epoch", func.clock_timestamp())
        with self.engine.begin() as conn:
            return set(conn.execute(update(leases_t).where(leases_t.c.owner == owner,
                                                           leases_t.c.table_id.in_(list(table_ids)))
                                    .values(expires=now + seconds).returning(leases_t.c.table_id)).scalars())

    def release_lease(self, table_id: str, owner: str) -> None:
        """Drop ``owner``'s lease of ``table_id`` (its match is over, or it cannot be played here)."""
        with self.engine.begin() as conn:
            conn.execute(delete(leases_t).where(leases_t.c.table_id == table_id, leases_t.c.owner == owner))

    def expire_leases(self, owner: str, table_ids: Collection[str] | None = None) -> None:
        """Let ``owner``'s leases of ``table_ids`` (``None``: all of them: its process shuts down) expire now, so
        that another process takes them over at once."""
        stmt = update(leases_t).where(leases_t.c.owner == owner)
        if table_ids is not None:
            stmt = stmt.where(leases_t.c.table_id.in_(list(table_ids)))
        with self.engine.begin() as conn:
            conn.execute(stmt.values(expires=0.0))

    def expired_leases(self, limit: int = 50) -> list[str]:
        """Up to ``limit`` tables whose bot lease expired (their holder died or shut down), oldest first."""
        now = func.extract("epoch", func.clock_timestamp())
        with self.engine.connect() as conn:
            return list(conn.execute(select(leases_t.c.table_id).where(leases_t.c.expires < now)
                                     .order_by(leases_t.c.expires).limit(limit)).scalars())

    # ------------------------------------------------------------------ the coach's jobs
    def add_upload(self, upload_id: str, text: str) -> None:
        """Keep an uploaded replay file's text."""
        with self.engine.begin() as conn:
            conn.execute(insert(uploads_t).values(id=upload_id, text=text, created=time.time()))

    def upload_text(self, upload_id: str) -> str | None:
        """The text of the uploaded replay ``upload_id``, or ``None``."""
        with self.engine.connect() as conn:
            return conn.execute(select(uploads_t.c.text).where(uploads_t.c.id == upload_id)).scalar()

    def review(self, key: str) -> ReviewRecord | None:
        """The stored review ``key``, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(reviews_t).where(reviews_t.c.key == key)).mappings().first()
        return None if row is None else ReviewRecord(list(row["judged"]), row["error"], row["owner"], row["beat"])

    def claim_review(self, key: str, owner: str, stale_before: float) -> list[dict[str, Any]] | None:
        """Make ``owner`` the worker of review ``key``: a new one, a failed one (its failure cleared), one whose
        worker last wrote before ``stale_before`` (epoch s: it died) or ``owner``'s own; returns the decisions
        judged so far, ``None`` if another process works on it."""
        dialect_insert = pg_insert if self.shared else sqlite_insert
        now = time.time()
        stmt = dialect_insert(reviews_t).values(key=key, judged=[], error=None, owner=owner, beat=now)
        stmt = stmt.on_conflict_do_update(
            index_elements=[reviews_t.c.key], set_={"owner": owner, "beat": now, "error": None},
            where=reviews_t.c.error.is_not(None) | (reviews_t.c.beat < stale_before) | (reviews_t.c.owner == owner))
        with self.engine.begin() as conn:
            row = conn.execute(stmt.returning(reviews_t.c.judged)).first()
        return None if row is None else list(row.judged)

    def save_review(self, key: str, owner: str, judged: list[dict[str, Any]], error: str | None = None) -> None:
        """Write ``owner``'s progress of review ``key`` (nothing if another process has taken it over)."""
        with self.engine.begin() as conn:
            conn.execute(update(reviews_t).where(reviews_t.c.key == key, reviews_t.c.owner == owner)
                         .values(judged=judged, error=error, beat=time.time()))
