"""Item models (the source of truth) and the JSON Schema files exported from them.

Each module in this package registers its pydantic models with `SCHEMAS` under
the model's `kind`; `benchsmith schemas export` writes one `<kind>.schema.json`
per registered model, and those committed files are the public contract.
"""

from __future__ import annotations

from pydantic import BaseModel

from benchsmith.registry import Registry

SCHEMAS: Registry[type[BaseModel]] = Registry("schema", __name__)

__all__ = ["SCHEMAS"]
