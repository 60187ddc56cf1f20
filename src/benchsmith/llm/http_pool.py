"""Several small httpx clients behind one interface, to keep high concurrency cheap.

httpcore's connection pool rescans every queued request against every
connection on each state change, so its cost grows with the square of the pool
size: at 64 connections it spends ~10 ms of CPU per request and caps a client
far below what a server can serve. Splitting the same number of connections
over shards of a few each keeps that scan small. Shards are created when
first needed and filled in order.
"""

from __future__ import annotations

import contextlib
import math
import ssl
from collections.abc import AsyncIterator
from typing import Any

import httpx

CONNECTIONS_PER_SHARD = 4


def default_ssl_context() -> ssl.SSLContext:
    """The CA bundle httpx would use, built once (each build costs tens of ms)."""
    try:
        import certifi

        return ssl.create_default_context(cafile=certifi.where())
    except ImportError:
        return ssl.create_default_context()


class ShardedAsyncClient:
    """`max_connections` connections spread over shards of `per_shard`, each an httpx.AsyncClient.

    Bound to the event loop it is first used on (as httpx clients are).
    """

    def __init__(self, *, max_connections: int, per_shard: int = CONNECTIONS_PER_SHARD, **client_kwargs: Any) -> None:
        per_shard = max(1, per_shard)
        shards = max(1, math.ceil(max_connections / per_shard))
        self._size = math.ceil(max_connections / shards)
        self._client_kwargs = client_kwargs
        # Created on first use: sequential callers only ever pay for one client.
        self.clients: list[httpx.AsyncClient | None] = [None] * shards
        self._load = [0] * shards

    def _client_at(self, index: int) -> httpx.AsyncClient:
        client = self.clients[index]
        if client is None:
            limits = httpx.Limits(max_connections=self._size, max_keepalive_connections=self._size)
            client = self.clients[index] = httpx.AsyncClient(limits=limits, **self._client_kwargs)
        return client

    @contextlib.asynccontextmanager
    async def _shard(self) -> AsyncIterator[httpx.AsyncClient]:
        # Fill shards in order (fewest clients, warm connections); each holds at most its size.
        index = next((i for i, load in enumerate(self._load) if load < self._size), None)
        if index is None:
            index = min(range(len(self._load)), key=self._load.__getitem__)
        self._load[index] += 1
        try:
            yield self._client_at(index)
        finally:
            self._load[index] -= 1

    async def post(self, url: str, **kwargs: Any) -> httpx.Response:
        async with self._shard() as client:
            return await client.post(url, **kwargs)

    async def get(self, url: str, **kwargs: Any) -> httpx.Response:
        async with self._shard() as client:
            return await client.get(url, **kwargs)

    async def aclose(self) -> None:
        for client in self.clients:
            if client is not None:
                await client.aclose()

    async def __aenter__(self) -> ShardedAsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
