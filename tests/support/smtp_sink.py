#!/usr/bin/python3
"""A real SMTP server on loopback for the tests (Debian's python3-aiosmtpd).

Listens on 127.0.0.1:<port>, writes each message it accepts to <folder>/<pid>-<n>.eml (first a
line "X-Envelope-To: <recipients>", then the message as received), atomically (written beside,
then renamed), answers 550 to a recipient whose address starts with "refused", and writes
<folder>/ready once it accepts connections. With --delay-ms, each message is answered (and
written) that long after its data arrived: a slow relay. Runs until SIGTERM or SIGINT.
"""
import argparse
import asyncio
import os
import signal

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, folder, delay):
        self.folder = folder
        self.delay = delay
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.startswith("refused"):
            return "550 5.1.1 no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.delay:
            await asyncio.sleep(self.delay)
        self.count += 1
        name = "%d-%06d" % (os.getpid(), self.count)
        partial = os.path.join(self.folder, name + ".part")
        with open(partial, "wb") as f:
            f.write(("X-Envelope-To: " + ",".join(envelope.rcpt_tos) + "\r\n").encode())
            f.write(envelope.original_content or envelope.content)
            f.flush()
            os.fsync(f.fileno())
        os.rename(partial, os.path.join(self.folder, name + ".eml"))
        return "250 OK"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--folder", required=True)
    parser.add_argument("--delay-ms", type=int, default=0)
    args = parser.parse_args()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
    controller = Controller(Sink(args.folder, args.delay_ms / 1000.0), hostname="127.0.0.1", port=args.port)
    controller.start()
    with open(os.path.join(args.folder, "ready"), "w") as f:
        f.write(str(args.port))
    signal.sigwait({signal.SIGTERM, signal.SIGINT})
    controller.stop()
    os.remove(os.path.join(args.folder, "ready"))


if __name__ == "__main__":
    main()
