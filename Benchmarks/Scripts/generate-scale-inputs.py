#!/usr/bin/env python3
"""Writes the scale benchmark's inputs: SCXML charts and Statecraft machine JSON files of N states.

usage: generate-scale-inputs.py DIRECTORY [N ...]      (default N: 1000 10000 100000)

For each N it writes
  flat-N.scxml          N top-level states in a ring, one per line, with a top-level <datamodel>
  flat-N.oneline.scxml  the same document on one line
  nested-N.scxml        N states as a tree of compound states, ten children each (depth log10 N)
  nested-N.oneline.scxml
  flat-N.json           a machine of N states in a ring (the Statecraft machine JSON format)
  nested-N.json         the tree of nested-N.scxml as parent links
"""
import os
import sys

HEADER = '<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript">'


def flat_scxml(n):
    lines = [HEADER, '<datamodel><data id="count" expr="0"/></datamodel>']
    for i in range(n):
        lines.append('<state id="s%d"><transition event="go" target="s%d"><assign location="count" '
                     'expr="count + 1"/></transition></state>' % (i, (i + 1) % n))
    lines.append('</scxml>')
    return lines


def tree(n):
    """(id, parent) pairs of a tree of n states where every compound state has up to ten children."""
    nodes = [("s0", None)]
    queue = ["s0"]
    head = 0
    while len(nodes) < n:
        parent = queue[head]
        head += 1
        for _ in range(10):
            if len(nodes) == n:
                break
            child = "s%d" % len(nodes)
            nodes.append((child, parent))
            queue.append(child)
    return nodes


def nested_scxml(n):
    nodes = tree(n)
    children = {}
    for node, parent in nodes:
        children.setdefault(parent, []).append(node)
    lines = [HEADER, '<datamodel><data id="count" expr="0"/></datamodel>']
    # Iterative pre-order walk that closes each compound state after its children.
    stack = [("open", "s0")]
    while stack:
        action, node = stack.pop()
        if action == "close":
            lines.append('</state>')
            continue
        kids = children.get(node, [])
        target = "s%d" % ((int(node[1:]) + 1) % n)
        transition = '<transition event="go" target="%s"/>' % target
        if not kids:
            lines.append('<state id="%s">%s</state>' % (node, transition))
        else:
            lines.append('<state id="%s">%s' % (node, transition))
            stack.append(("close", node))
            for kid in reversed(kids):
                stack.append(("open", kid))
    lines.append('</scxml>')
    return lines


def flat_json(n):
    states = ",\n".join('    {"id": "s%d"}' % i for i in range(n))
    transitions = ",\n".join('    {"source": "s%d", "event": "go", "targets": ["s%d"]}' % (i, (i + 1) % n)
                             for i in range(n))
    return ('{\n  "format": "statecraft-machine", "version": 1, "initialState": "s0",\n'
            '  "events": [{"id": "go"}],\n  "states": [\n%s\n  ],\n  "transitions": [\n%s\n  ]\n}\n'
            % (states, transitions))


def nested_json(n):
    nodes = tree(n)
    has_children = {parent for _, parent in nodes if parent}
    first_child = {}
    for node, parent in nodes:
        if parent and parent not in first_child:
            first_child[parent] = node
    items = []
    for node, parent in nodes:
        fields = ['"id": "%s"' % node]
        if node in has_children:
            fields.append('"kind": "compound"')
            fields.append('"initialChild": "%s"' % first_child[node])
        if parent:
            fields.append('"parent": "%s"' % parent)
        items.append('    {%s}' % ", ".join(fields))
    leaves = [node for node, _ in nodes if node not in has_children]
    transitions = ",\n".join('    {"source": "%s", "event": "go", "targets": ["%s"]}'
                             % (leaves[i], leaves[(i + 1) % len(leaves)]) for i in range(len(leaves)))
    return ('{\n  "format": "statecraft-machine", "version": 1, "initialState": "s0",\n'
            '  "events": [{"id": "go"}],\n  "states": [\n%s\n  ],\n  "transitions": [\n%s\n  ]\n}\n'
            % (",\n".join(items), transitions))


def main():
    directory = sys.argv[1]
    sizes = [int(arg) for arg in sys.argv[2:]] or [1000, 10000, 100000]
    os.makedirs(directory, exist_ok=True)
    for n in sizes:
        for name, lines in (("flat", flat_scxml(n)), ("nested", nested_scxml(n))):
            with open(os.path.join(directory, "%s-%d.scxml" % (name, n)), "w") as f:
                f.write("\n".join(lines) + "\n")
            with open(os.path.join(directory, "%s-%d.oneline.scxml" % (name, n)), "w") as f:
                f.write("".join(lines) + "\n")
        with open(os.path.join(directory, "flat-%d.json" % n), "w") as f:
            f.write(flat_json(n))
        with open(os.path.join(directory, "nested-%d.json" % n), "w") as f:
            f.write(nested_json(n))


if __name__ == "__main__":
    main()
