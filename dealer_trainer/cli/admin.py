"""``dealer-trainer admin``: the training room's rooms, people, invites and password resets.

::

    dealer-trainer admin rooms [--json]
    dealer-trainer admin room-add NAME [--ruleset roberts|tda-2024]
    dealer-trainer admin people [--json]
    dealer-trainer admin person-add NAME [--admin] [--room ROOM --role trainee|trainer]
    dealer-trainer admin member ROOM NAME --role trainee|trainer
    dealer-trainer admin invite ROOM [--role trainee|trainer] [--hours 72]
    dealer-trainer admin reset-password NAME

Every command takes ``--db TARGET`` (the store ``serve`` uses; else ``$DEALER_TRAINER_DB``; else
the default store, if ``serve`` has made it: an admin command never makes it) and names the
store it uses on standard error. A password made here is shown once, and must be changed at the
first sign-in; an invite code is shown once too.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_trainer.cli.render import echo, print_json
from dealer_trainer.errors import NotFound, UsageError
from dealer_trainer.roles import Role
from dealer_trainer.rules import rulesets
from dealer_trainer.safetext import excerpt, printable

if TYPE_CHECKING:
    from dealer_trainer.accounts import Accounts, Person, Room

__all__ = ["configure", "run"]

#: the --role choices: the roles, defined once (dealer_trainer.roles)
_ROLES = tuple(role.value for role in Role)


def configure(admin: argparse.ArgumentParser) -> None:
    admin.description = (
        "Manage the training room from the terminal: rooms, people and their roles, invite "
        "codes and password resets (the same store as 'dealer-trainer serve')."
    )
    actions = admin.add_subparsers(dest="action", metavar="ACTION", required=True)

    def action(name: str, summary: str) -> argparse.ArgumentParser:
        parser = actions.add_parser(name, help=summary, description=summary)
        parser.add_argument(
            "--db",
            metavar="TARGET",
            help="the store: an SQLite file or a postgresql:// URL (default $DEALER_TRAINER_DB, "
            "else the store serve made in the user's data folder)",
        )
        return parser

    action("rooms", "list the rooms").add_argument("--json", action="store_true")
    room_add = action("room-add", "add a room")
    room_add.add_argument("name")
    room_add.add_argument("--ruleset", default="roberts", choices=tuple(rulesets.BUILTIN))
    action("people", "list the people and their roles").add_argument("--json", action="store_true")
    person_add = action("person-add", "add a person with a one-time password")
    person_add.add_argument("name")
    person_add.add_argument("--admin", action="store_true", help="make them an admin")
    person_add.add_argument("--room", help="put them in this room")
    person_add.add_argument("--role", choices=_ROLES, default=Role.TRAINEE.value)
    member = action("member", "give a person a role in a room")
    member.add_argument("room")
    member.add_argument("name")
    member.add_argument("--role", choices=_ROLES, required=True)
    invite = action("invite", "make a one-time invite code for a room")
    invite.add_argument("room")
    invite.add_argument("--role", choices=_ROLES, default=Role.TRAINEE.value)
    invite.add_argument("--hours", type=int, default=72, help="how long it is good for (72)")
    reset = action("reset-password", "give a person a one-time password")
    reset.add_argument("name")


def _room(accounts: Accounts, name: str) -> Room:
    found = accounts.room_by_name(name)
    if found is None:
        known = ", ".join(room.name for room in accounts.rooms()) or "none yet"
        raise NotFound(f"no room named {excerpt(name)}", after=f" (rooms: {printable(known)})")
    return found


def _person(accounts: Accounts, name: str) -> Person:
    found = accounts.person_by_name(name)
    if found is None:
        raise NotFound(f"no person named {excerpt(name)}")
    return found


def _target(given: str | None) -> str:
    """The store to use: ``--db``, else ``$DEALER_TRAINER_DB``, else the default store, but
    only if it exists. An admin command never makes the default store: run without the
    deployment's environment it would make an empty one in the home folder and "succeed" on
    it, while the training room runs on another (``serve``'s first start makes it)."""
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.training.progress import ENV_VAR, default_target

    if given or os.environ.get(ENV_VAR, "").strip():
        return given or default_target()
    target = default_target()
    if not Path(target).exists():
        raise UsageError(
            f"no store named, and none at the default place ({printable(target)}): name the "
            f"training room's store with --db TARGET or {ENV_VAR} (as in the room's environment "
            "file, e.g. set -a; . /etc/dealer-trainer/env; set +a), or start 'dealer-trainer "
            "serve' once, which makes the default store"
        )
    return target


def run(args: argparse.Namespace) -> int:
    # start-up: the command imports only what it runs, when it runs
    from dealer_trainer.accounts import Accounts
    from dealer_trainer.training.progress import open_store

    with open_store(_target(args.db)) as store:
        # which store, on standard error (its password masked): the output stays the answer
        print(
            f"dealer-trainer admin: using the store at {store.target}", file=sys.stderr, flush=True
        )
        accounts = Accounts(store)
        return _ACTIONS[args.action](accounts, args)


def _rooms(accounts: Accounts, args: argparse.Namespace) -> int:
    rooms = accounts.rooms()
    if args.json:
        print_json([{"id": r.id, "name": r.name, "ruleset": r.ruleset} for r in rooms])
    else:
        for room in rooms:
            echo(f"{printable(room.name)}  ({room.ruleset})")
        if not rooms:
            echo("No rooms yet: add one with 'dealer-trainer admin room-add NAME'.")
    return 0


def _room_add(accounts: Accounts, args: argparse.Namespace) -> int:
    room = accounts.create_room(name=args.name, ruleset=args.ruleset)
    echo(f"Room {printable(room.name)} added ({room.ruleset}).")
    return 0


def _people(accounts: Accounts, args: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = []
    for person in accounts.people():
        rooms = {m.room.name: m.role for m in accounts.memberships(person.id)}
        rows.append(
            {
                "name": person.name,
                "admin": person.admin,
                "disabled": person.disabled,
                "rooms": rooms,
            }
        )
    if args.json:
        print_json(rows)
    else:
        for row in rows:
            roles = ", ".join(f"{room}: {role}" for room, role in row["rooms"].items())
            flags = " [admin]" if row["admin"] else ""
            echo(printable(f"{row['name']}{flags}  {roles}"))
    return 0


def _one_time(accounts: Accounts, name: str, *, admin: bool = False) -> tuple[Person, str]:
    password = secrets.token_urlsafe(12)
    person = accounts.create_person(name=name, password=password, admin=admin, must_change=True)
    return person, password


def _person_add(accounts: Accounts, args: argparse.Namespace) -> int:
    room = _room(accounts, args.room) if args.room else None
    person, password = _one_time(accounts, args.name, admin=args.admin)
    if room is not None:
        accounts.add_member(room_id=room.id, person_id=person.id, role=args.role)
    echo(f"{printable(person.name)} added. One-time password: {password}")
    echo("It is shown once; they choose their own at the first sign-in.")
    return 0


def _member(accounts: Accounts, args: argparse.Namespace) -> int:
    room, person = _room(accounts, args.room), _person(accounts, args.name)
    accounts.add_member(room_id=room.id, person_id=person.id, role=args.role)
    echo(f"{printable(person.name)} is a {args.role} in {printable(room.name)}.")
    return 0


def _invite(accounts: Accounts, args: argparse.Namespace) -> int:
    if not 1 <= args.hours <= 24 * 30:
        raise UsageError("--hours must be 1 to 720")
    room = _room(accounts, args.room)
    code = accounts.create_invite(
        room_id=room.id, role=args.role, created_by=None, hours=args.hours
    )
    echo(f"Invite code for a {args.role} in {printable(room.name)}: {code}")
    echo(f"Good once, for {args.hours} hours, at the training room's Join page.")
    return 0


def _reset(accounts: Accounts, args: argparse.Namespace) -> int:
    person = _person(accounts, args.name)
    password = secrets.token_urlsafe(12)
    accounts.set_password(person_id=person.id, password=password, must_change=True)
    echo(f"New one-time password for {printable(person.name)}: {password}")
    echo("Their sessions have ended; they choose their own password at the next sign-in.")
    return 0


_ACTIONS = {
    "rooms": _rooms,
    "room-add": _room_add,
    "people": _people,
    "person-add": _person_add,
    "member": _member,
    "invite": _invite,
    "reset-password": _reset,
}
