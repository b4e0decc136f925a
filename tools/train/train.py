#!/usr/bin/python3
"""Trains one network of docs/bot.md ("The networks") on the data of pg_gen_data.

  /usr/bin/python3 tools/train/train.py --kind belief --data DATA/9x9 --out nets/belief.pgnn

The data directories hold the .npy files of pg_gen_data (one board size each). Validation is a
share of the games, never of the samples of a game. Each batch is turned by one of the eight
symmetries of the square. The run is fixed by --seed; it prints one line per epoch and writes
the weights (.pgnn), a record of the run (.json) and, with --cases, reference cases for
pg_net_check.
"""
import argparse
import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tower import KINDS, Tower  # noqa: E402


class Split:
    """One board size's samples, split into training and validation by game."""

    def __init__(self, directory, kind, val_share, rng, max_samples):
        prefix = "belief" if kind == "belief" else "pv"
        load = lambda name: np.load(os.path.join(directory, f"{prefix}_{name}.npy"), mmap_mode="r")
        self.x = load("x")
        self.g = load("g")
        if kind == "belief":
            self.y = load("y")
        else:
            self.move = load("move")
            self.value = load("value")
        games = np.asarray(load("game"))
        if max_samples and len(games) > max_samples:
            games = games[:max_samples]
        ids = np.unique(games)
        val_games = rng.choice(ids, size=max(1, int(round(len(ids) * val_share))), replace=False)
        is_val = np.isin(games, val_games)
        self.train = np.flatnonzero(~is_val)
        self.val = np.flatnonzero(is_val)
        self.size = self.x.shape[-1]
        self.kind = kind

    def batch(self, idx, sym):
        idx = np.sort(idx)
        x = torch.from_numpy(np.asarray(self.x[idx], dtype=np.float32) / 255.0)
        g = torch.from_numpy(np.asarray(self.g[idx], dtype=np.float32))
        if self.kind == "belief":
            y = torch.from_numpy(np.asarray(self.y[idx], dtype=np.float32))
            x, y = turn(x, sym), turn_links(y, sym)
            return x, g, y
        move = torch.from_numpy(np.asarray(self.move[idx], dtype=np.int64))
        value = torch.from_numpy(np.asarray(self.value[idx], dtype=np.float32))
        x, move = turn(x, sym), turn_moves(move, sym, self.size)
        return x, g, (move, value)


def turn(t, sym):
    """One of the eight symmetries of the square on the last two axes (y, x)."""
    if sym & 4:
        t = t.transpose(-1, -2)
    if sym & 1:
        t = t.flip(-1)
    if sym & 2:
        t = t.flip(-2)
    return t


def turn_links(y, sym):
    """The belief labels under a symmetry: [occupancy, east link, south link]. A link belongs to
    an edge between two points; turning the board moves it to another edge (and a transpose
    swaps east and south). On a plain board the edge past the last column is always 0, and on a
    torus it wraps: the same roll serves both."""
    occ, east, south = y[:, 0:1], y[:, 1:2], y[:, 2:3]
    if sym & 4:
        east, south = south.transpose(-1, -2), east.transpose(-1, -2)
        occ = occ.transpose(-1, -2)
    if sym & 1:  # mirror x: the east edge of x becomes the east edge of W-2-x
        occ = occ.flip(-1)
        east = east.flip(-1).roll(-1, dims=-1)
        south = south.flip(-1)
    if sym & 2:
        occ = occ.flip(-2)
        south = south.flip(-2).roll(-1, dims=-2)
        east = east.flip(-2)
    return torch.cat([occ, east, south], 1)


def turn_moves(move, sym, size):
    """Move indices (y * size + x, size*size = pass) under a symmetry."""
    n = size * size
    is_pass = move == n
    board = torch.zeros(len(move), n)
    board[~is_pass, move[~is_pass]] = 1
    board = turn(board.view(-1, size, size), sym).reshape(-1, n)
    out = board.argmax(1)
    out[is_pass] = n
    return out


def belief_loss(maps, x, y):
    """Cross-entropy of the hidden-stone map on the points empty in the view, and of the two
    link maps on every point, the links weighted by a half."""
    empty = x[:, 3]
    occ = F.binary_cross_entropy_with_logits(maps[:, 0], y[:, 0], reduction="none")
    occ = (occ * empty).sum() / empty.sum().clamp(min=1)
    links = F.binary_cross_entropy_with_logits(maps[:, 1:], y[:, 1:])
    return occ + 0.5 * links, {"occupancy": occ.item(), "links": links.item()}


def pv_loss(maps, scalars, x, target):
    """Cross-entropy of the move over the legal points and pass, and of the result."""
    move, value = target
    legal = x[:, 11].flatten(1) > 0.5
    logits = maps[:, 0].flatten(1).masked_fill(~legal, -1e4)
    logits = torch.cat([logits, scalars[:, 0:1]], 1)
    policy = F.cross_entropy(logits, move)
    v = F.binary_cross_entropy_with_logits(scalars[:, 1], value)
    top1 = (logits.argmax(1) == move).float().mean().item()
    return policy + v, {"policy": policy.item(), "value": v.item(), "top1": top1}


def belief_share(q, x, y):
    """The share of the hidden-stone weight on the true stones, with the map `q` (per point, the
    chance of a hidden stone) scaled so that it holds the true number of hidden stones (as
    `bench belief` scores a belief)."""
    empty = x[:, 3]
    q = q * empty
    hidden = y[:, 0].sum(dim=(1, 2))
    q = q * (hidden / q.sum(dim=(1, 2)).clamp(min=1e-6))[:, None, None]
    on_true = (q.clamp(max=1) * y[:, 0]).sum(dim=(1, 2))
    keep = hidden > 0
    return (on_true[keep] / hidden[keep]).sum().item(), int(keep.sum().item())


def evaluate(net, splits, kind, batch, torus):
    net.eval()
    totals, count, share, story_share, share_n = {}, 0, 0.0, 0.0, 0
    with torch.no_grad():
        for s in splits:
            for at in range(0, len(s.val), batch):
                x, g, target = s.batch(s.val[at : at + batch], 0)
                maps, scalars = net(x, g, torus)
                if kind == "belief":
                    loss, parts = belief_loss(maps, x, target)
                    sh, n = belief_share(torch.sigmoid(maps[:, 0]), x, target)
                    share += sh
                    share_n += n
                    story_share += belief_share(x[:, 17], x, target)[0]
                else:
                    loss, parts = pv_loss(maps, scalars, x, target)
                parts["loss"] = loss.item()
                for k, v in parts.items():
                    totals[k] = totals.get(k, 0.0) + v * len(x)
                count += len(x)
    net.train()
    out = {k: v / max(1, count) for k, v in totals.items()}
    if kind == "belief":
        out["share_on_true"] = share / max(1, share_n)
        out["story_share_on_true"] = story_share / max(1, share_n)  # plane 17, the input
    out["samples"] = count
    return out


def write_cases(net, split, directory, torus, count=8):
    """Reference inputs and outputs for pg_net_check (float32 .npy files)."""
    os.makedirs(directory, exist_ok=True)
    x, g, _ = split.batch(split.val[:count] if len(split.val) else split.train[:count], 0)
    with torch.no_grad():
        maps, scalars = net(x, g, torus)
    for name, t in (("spatial", x), ("globals", g), ("maps", maps), ("scalars", scalars)):
        np.save(os.path.join(directory, f"{name}.npy"), t.numpy().astype("<f4"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kind", choices=sorted(KINDS), required=True)
    ap.add_argument("--data", action="append", required=True, help="a directory of .npy files")
    ap.add_argument("--out", required=True, help="the .pgnn file to write")
    ap.add_argument("--epochs", type=float, default=8)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--weight-decay", type=float, default=1e-4)
    ap.add_argument("--filters", type=int, default=32)
    ap.add_argument("--blocks", type=int, default=4)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--val-share", type=float, default=0.05)
    ap.add_argument("--max-samples", type=int, default=0, help="per directory; 0: all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--torus", action="store_true", help="the data is from torus boards")
    ap.add_argument("--cases", help="also write reference cases for pg_net_check here")
    args = ap.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    splits = [Split(d, args.kind, args.val_share, rng, args.max_samples) for d in args.data]
    net = Tower(args.kind, args.filters, args.blocks, args.hidden)
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    train_total = sum(len(s.train) for s in splits)
    steps_per_epoch = max(1, train_total // args.batch)
    total_steps = max(1, int(math.ceil(args.epochs * steps_per_epoch)))
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=total_steps)
    weights = np.array([len(s.train) for s in splits], dtype=np.float64)
    weights /= weights.sum()
    record = {"args": vars(args), "train_samples": train_total, "epochs": []}
    print(f"{args.kind}: {train_total} training samples, "
          f"{sum(len(s.val) for s in splits)} validation, {total_steps} steps", flush=True)
    t0 = time.time()
    record["initial_validation"] = evaluate(net, splits, args.kind, 1024, args.torus)
    step = 0
    running = {}
    while step < total_steps:
        s = splits[rng.choice(len(splits), p=weights)]
        idx = rng.choice(s.train, size=min(args.batch, len(s.train)), replace=False)
        x, g, target = s.batch(idx, int(rng.integers(8)))
        maps, scalars = net(x, g, args.torus)
        if args.kind == "belief":
            loss, parts = belief_loss(maps, x, target)
        else:
            loss, parts = pv_loss(maps, scalars, x, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        step += 1
        for k, v in parts.items():
            running[k] = running.get(k, 0.0) + v
        if step % steps_per_epoch == 0 or step == total_steps:
            n = step % steps_per_epoch or steps_per_epoch
            train = {k: v / n for k, v in running.items()}
            running = {}
            val = evaluate(net, splits, args.kind, 1024, args.torus)
            entry = {"step": step, "seconds": round(time.time() - t0, 1), "train": train,
                     "validation": val}
            record["epochs"].append(entry)
            print(json.dumps(entry), flush=True)
    record["seconds"] = round(time.time() - t0, 1)
    record["parameters"] = sum(p.numel() for p in net.parameters())
    net.save_pgnn(args.out)
    with open(os.path.splitext(args.out)[0] + ".json", "w") as f:
        json.dump(record, f, indent=1)
    if args.cases:
        write_cases(net, splits[0], args.cases, args.torus)
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes) in {record['seconds']} s")


if __name__ == "__main__":
    main()
