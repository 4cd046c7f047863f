#!/usr/bin/env python3
"""Fit the strong bot's read of danger (core/bots/bot.c DANGER_W).

  danger_fit.py NFEATURES FILE.bin [FILE.bin ...]

Reads the cases tests/danger_data.c writes (NFEATURES + 1 float32 each),
fits a logistic regression of "the tile completes that player's hand" by
Newton's method with a small ridge, on 80% of the cases, prints the log
loss and the AUC on the other 20% (beside those of a constant), then the
weights as a C initializer. Needs numpy (a development tool: no test uses
it).
"""
import sys

import numpy as np


def fit(x, y, ridge=30.0, steps=30):
    w = np.zeros(x.shape[1])
    w[0] = np.log(y.mean() / (1 - y.mean()))
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + ridge * w
        grad[0] -= ridge * w[0]
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        biggest = np.abs(step).max()
        if biggest > 1:          # the cases separate: keep the steps small
            step /= biggest
        w -= step
        if biggest < 1e-6:
            break
    return w


def log_loss(x, y, w):
    p = np.clip(1 / (1 + np.exp(-np.clip(x @ w, -30, 30))), 1e-9, 1 - 1e-9)
    return -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))


def auc(score, y):
    order = np.argsort(score)
    rank = np.empty(len(score))
    rank[order] = np.arange(len(score))
    pos = y.sum()
    return (rank[y > 0].sum() - pos * (pos - 1) / 2) / (pos * (len(y) - pos))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    nf = int(sys.argv[1])
    data = np.vstack([np.fromfile(f, dtype=np.float32).reshape(-1, nf + 1)
                      for f in sys.argv[2:]]).astype(np.float64)
    x, y = data[:, :nf], data[:, nf]
    order = np.random.default_rng(1).permutation(len(y))
    cut = int(len(y) * 0.8)
    train, test = order[:cut], order[cut:]
    w = fit(x[train], y[train])
    const = np.zeros(nf)
    const[0] = np.log(y[train].mean() / (1 - y[train].mean()))
    print("cases %d, deal-ins %d" % (len(y), y.sum()))
    print("held out: log loss %.5f (a constant: %.5f), AUC %.4f"
          % (log_loss(x[test], y[test], w), log_loss(x[test], y[test], const),
             auc(x[test] @ w, y[test])))
    rows = [", ".join("%.3ff" % v for v in w[i:i + 8])
            for i in range(0, nf, 8)]
    print("static const float DANGER_W[DF_N] = {\n  "
          + ",\n  ".join(rows) + "\n};")


if __name__ == "__main__":
    main()
