"""A small generic registry; builtins register themselves when their folder is scanned.

Each component folder (llm backends, validators, metrics, generator steps) calls
`scan()` once, which imports every module in the package so that their
`@registry.register(...)` decorators run. No central list to edit.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class Registry(Generic[T]):
    def __init__(self, kind: str, package: str | None = None) -> None:
        self.kind = kind
        self._package = package
        self._items: dict[str, T] = {}
        self._scanned = False

    def register(self, name: str) -> Callable[[T], T]:
        def decorator(obj: T) -> T:
            if name in self._items and self._items[name] is not obj:
                raise ValueError(f"{self.kind} {name!r} is registered twice")
            self._items[name] = obj
            return obj

        return decorator

    def scan(self) -> None:
        """Import every module of the registry's package so builtins register themselves."""
        if self._scanned or self._package is None:
            return
        pkg = importlib.import_module(self._package)
        for info in pkgutil.iter_modules(pkg.__path__, prefix=f"{self._package}."):
            if not info.name.rsplit(".", 1)[-1].startswith("_"):
                importlib.import_module(info.name)
        # Only now: a module that failed to import must fail the next lookup too, not leave a partial registry.
        self._scanned = True

    def get(self, name: str) -> T:
        self.scan()
        try:
            return self._items[name]
        except KeyError:
            known = ", ".join(sorted(self._items)) or "none"
            raise KeyError(f"unknown {self.kind} {name!r}; known: {known}") from None

    def names(self) -> list[str]:
        self.scan()
        return sorted(self._items)

    def __contains__(self, name: object) -> bool:
        self.scan()
        return name in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())
