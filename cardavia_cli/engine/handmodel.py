"""A hand model's weights and its forward pass, with numpy alone (the issue "Computer players
that read the table", item 2): what play needs of a model trained by
:mod:`cardavia_cli.engine.learning`."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

#: The format of a weights file (read back only when it matches).
WEIGHTS_FORMAT = 1


# -- the model -------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class HandModel:
    """A multilayer perceptron with ReLU hidden layers and a softmax output: ``weights[i]`` of
    shape (inputs, outputs) and ``biases[i]`` of shape (outputs,) for each layer. Compared and
    hashed by identity (a key of the samplers' caches)."""

    weights: tuple[np.ndarray, ...] = field(repr=False)
    biases: tuple[np.ndarray, ...] = field(repr=False)

    def __repr__(self) -> str:
        sizes = [self.features, *(int(w.shape[1]) for w in self.weights)]
        return f"HandModel({'-'.join(map(str, sizes))})"

    @property
    def features(self) -> int:
        return int(self.weights[0].shape[0])

    @property
    def classes(self) -> int:
        return int(self.weights[-1].shape[1])

    def predict(self, rows: np.ndarray | Sequence[Sequence[float]]) -> np.ndarray:
        """The chances of each class for each row: shape (rows, classes), rows summing to 1."""
        x = np.asarray(rows, dtype=np.float64)
        if x.ndim != 2 or x.shape[1] != self.features:
            raise ValueError(f"rows of {self.features} features expected, not {x.shape}")
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            x = x @ w + b
            if i < last:
                np.maximum(x, 0.0, out=x)
        x -= x.max(axis=1, keepdims=True)
        np.exp(x, out=x)
        x /= x.sum(axis=1, keepdims=True)
        return x

    def save(self, path: Path) -> None:
        """Write the weights to ``path`` (``.npz``, float32), atomically."""
        arrays: dict[str, np.ndarray] = {"format": np.array(WEIGHTS_FORMAT)}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"w{i}"] = w.astype(np.float32)
            arrays[f"b{i}"] = b.astype(np.float32)
        atomic_npz(path, arrays)

    @classmethod
    def load(cls, path: Path | Any) -> HandModel:
        """The model saved at ``path`` (a path or an open binary file). Raises ``ValueError``
        for a file that is not a weights file of this format, ``OSError`` for one that cannot
        be read."""
        try:
            with np.load(path, allow_pickle=False) as data:
                if int(data["format"]) != WEIGHTS_FORMAT:
                    raise ValueError("weights of another format")
                n = sum(1 for k in data.files if k.startswith("w"))
                weights = tuple(np.asarray(data[f"w{i}"], dtype=np.float64) for i in range(n))
                biases = tuple(np.asarray(data[f"b{i}"], dtype=np.float64) for i in range(n))
        except (KeyError, ValueError, EOFError) as exc:
            raise ValueError(f"not a hand model's weights: {exc}") from None
        for i in range(n):
            w, b = weights[i], biases[i]
            if w.ndim != 2 or b.shape != (w.shape[1],):
                raise ValueError("not a hand model's weights: layer shapes do not fit")
            if i and weights[i - 1].shape[1] != w.shape[0]:
                raise ValueError("not a hand model's weights: layers do not chain")
        return cls(weights, biases)


def atomic_npz(path: Path, arrays: dict[str, np.ndarray], compressed: bool = False) -> None:
    """Write ``arrays`` to ``path`` through a temporary file in its folder, renamed over it
    once complete: a failed write leaves any earlier file whole."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".npz", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "wb") as f:
            (np.savez_compressed if compressed else np.savez)(f, **arrays)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
