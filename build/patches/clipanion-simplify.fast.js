function simplifyMachine(input) {
    // agentgrep build patch: clipanion's own merge tests membership with Array.some and drains the
    // shortcut list with shift(), quadratic in a command's option count (grep has ~40 options:
    // ~15 ms of every start-up). Same result, same order, with Sets and an index.
    const visited = new Set();
    const process = (node) => {
        if (visited.has(node))
            return;
        visited.add(node);
        const nodeDef = input.nodes[node];
        for (const transitions of Object.values(nodeDef.statics))
            for (const { to } of transitions)
                process(to);
        for (const [, { to }] of nodeDef.dynamics)
            process(to);
        for (const { to } of nodeDef.shortcuts)
            process(to);
        if (nodeDef.shortcuts.length === 0)
            return;
        const shortcuts = new Set(nodeDef.shortcuts.map(({ to }) => to));
        const staticTos = new Map();
        const staticSeen = (segment) => {
            let seen = staticTos.get(segment);
            if (seen === undefined) {
                seen = new Set((nodeDef.statics[segment] ?? []).map(({ to }) => to));
                staticTos.set(segment, seen);
            }
            return seen;
        };
        const dynamicTos = new Map();
        for (const [test, { to }] of nodeDef.dynamics) {
            if (!dynamicTos.has(test)) dynamicTos.set(test, new Set());
            dynamicTos.get(test).add(to);
        }
        const queue = nodeDef.shortcuts;
        for (let i = 0; i < queue.length; i++) {
            const { to } = queue[i];
            const toDef = input.nodes[to];
            for (const [segment, transitions] of Object.entries(toDef.statics)) {
                const store = !Object.prototype.hasOwnProperty.call(nodeDef.statics, segment)
                    ? nodeDef.statics[segment] = []
                    : nodeDef.statics[segment];
                const seen = staticSeen(segment);
                for (const transition of transitions) {
                    if (!seen.has(transition.to)) {
                        store.push(transition);
                        seen.add(transition.to);
                    }
                }
            }
            for (const [test, transition] of toDef.dynamics) {
                let seen = dynamicTos.get(test);
                if (seen === undefined) dynamicTos.set(test, seen = new Set());
                if (!seen.has(transition.to)) {
                    nodeDef.dynamics.push([test, transition]);
                    seen.add(transition.to);
                }
            }
            for (const transition of toDef.shortcuts) {
                if (!shortcuts.has(transition.to)) {
                    queue.push(transition);
                    shortcuts.add(transition.to);
                }
            }
        }
        queue.length = 0;
    };
    process(constants.NODE_INITIAL);
}
