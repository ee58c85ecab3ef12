/// The script of a visualizer page, inlined in its `<script>` element.
///
/// It decides nothing: the configuration after an event is the target of the space's edge for that event
/// (none: the event is ignored), and the sends and cancels it performs are the ones the step function
/// recorded on that edge. Its own bookkeeping is the runtime's: an external queue for undelayed sends, a
/// virtual clock for delayed ones (due time, then send order), cancels by id, and nothing more after a
/// top-level final state. `window.statecraft` is its API (see the article *Visualizing machines*).
enum VisualizerPageScript {
    static let source = #"""
        (function () {
          'use strict';
          var model = JSON.parse(document.getElementById('statecraft-model').textContent);
          var space = model.space;
          var EVENT_LIMIT = 10000;
          var outgoing = space.configurations.map(function () { return []; });
          space.edges.forEach(function (edge, index) { outgoing[edge.source].push(index); });
          var labels = {};
          space.machine.states.forEach(function (state) { labels[state.id] = state.label; });

          var session, past = [], future = [];
          // Set when the page follows a running program (the inspector, or statecraft serve) instead of its own graph.
          var feed = document.body.getAttribute('data-live-feed');
          var live = { connected: false, received: 0, dropped: 0, lastSequence: 0 };

          function states(configuration) { return space.configurations[configuration].states.slice(); }
          function currentStates() { return session.live ? session.live.slice() : states(session.configuration); }
          function cutEvents(configuration) { return model.cutEvents[String(configuration)] || []; }
          function edgeFor(configuration, event) {
            var edges = outgoing[configuration];
            for (var i = 0; i < edges.length; i++) { if (space.edges[edges[i]].event === event) return edges[i]; }
            return -1;
          }

          function perform(effects) {
            effects.forEach(function (effect) {
              if (effect.kind === 'send') {
                if (effect.delayMilliseconds > 0) {
                  session.timers.push({ event: effect.event, due: session.now + effect.delayMilliseconds,
                                        sequence: session.sequence++, id: effect.id === undefined ? null : effect.id });
                } else {
                  session.queue.push(effect.event);
                }
              } else if (effect.kind === 'cancel') {
                session.timers = session.timers.filter(function (timer) { return timer.id !== effect.id; });
              }
            });
          }

          // A step that halts the machine reports where it halted, not the states exited as it halted.
          function record(event, edge, step, note) {
            var exited = edge ? edge.exited.slice() : [];
            if (step && step.haltExited) exited = exited.slice(0, exited.length - step.haltExited.length);
            session.log.push({ event: event, exited: exited, entered: edge ? edge.entered.slice() : [],
                               configuration: states(session.configuration), time: session.now, note: note || null });
          }

          function deliver(event) {
            var index = edgeFor(session.configuration, event);
            if (index < 0) {
              var cut = cutEvents(session.configuration).indexOf(event) >= 0;
              session.taken = [];
              record(event, null, null, cut ? 'beyond the exploration bound: not followed' : 'ignored');
              return false;
            }
            var edge = space.edges[index];
            session.configuration = edge.target;
            session.taken = edge.transitions.slice();
            perform(model.steps[index].effects);
            record(event, edge, model.steps[index], null);
            if (space.configurations[edge.target].isFinal) halt();
            return true;
          }

          function halt() {
            session.finished = true;
            session.queue = [];
            session.timers = [];
          }

          function processQueue() {
            var handled = false, count = 0;
            while (session.queue.length > 0 && !session.finished && count < EVENT_LIMIT) {
              handled = deliver(session.queue.shift()) || handled;
              count++;
            }
            return handled;
          }

          function start() {
            session = { configuration: 0, now: 0, queue: [], timers: [], sequence: 0, log: [], finished: false,
                        taken: space.start.transitions.slice() };
            perform(model.start.effects);
            record(null, space.start, model.start, null);
            if (space.configurations[0].isFinal) halt();
            processQueue();
          }

          function checkpoint() {
            past.push(JSON.stringify(session));
            future = [];
          }

          function nextTimer() {
            var best = -1;
            session.timers.forEach(function (timer, index) {
              var chosen = session.timers[best];
              if (best < 0 || timer.due < chosen.due || (timer.due === chosen.due && timer.sequence < chosen.sequence)) best = index;
            });
            return best;
          }

          function fireNext(limit) {
            var index = nextTimer();
            if (index < 0 || session.finished) return false;
            var timer = session.timers[index];
            if (limit !== undefined && timer.due > limit) return false;
            session.timers.splice(index, 1);
            session.now = Math.max(session.now, timer.due);
            session.queue.push(timer.event);
            processQueue();
            return true;
          }

          // Moves the session to the last state saved in `from`, saving the current one in `to`.
          function travel(from, to) {
            if (from.length === 0) return false;
            to.push(JSON.stringify(session));
            session = JSON.parse(from.pop());
            render();
            return true;
          }

          var api = {
            /** Sends an event by its label, as the runtime would deliver it; returns whether a step was taken. */
            send: function (name) {
              if (session.finished || feed) return false;
              checkpoint();
              session.queue.push(String(name));
              var handled = processQueue();
              render();
              return handled;
            },
            /** The active states, in document order (ancestors first). */
            configuration: function () { return currentStates(); },
            /** The transitions the last step took, as positions in `model.space.machine.transitions`. */
            takenTransitions: function () { return session.taken.slice(); },
            /** The active atomic states. */
            atomicConfiguration: function () { return space.configurations[session.configuration].atomicStates.slice(); },
            /** Back to the start: the initial configuration, an empty log and clock 0. */
            reset: function () { past = []; future = []; start(); render(); },
            /** Moves the virtual clock: by `milliseconds`, delivering what falls due; without it, to the next delayed event. */
            advanceClock: function (milliseconds) {
              if (session.finished || (milliseconds === undefined && nextTimer() < 0)) return false;
              checkpoint();
              if (milliseconds === undefined) {
                fireNext();
              } else {
                var end = session.now + Math.max(0, Number(milliseconds) || 0);
                while (fireNext(end)) {}
                if (!session.finished) session.now = Math.max(session.now, end);
              }
              render();
              return true;
            },
            /** Runs every delayed event in time order, as `statecraft run` does once its input is consumed. */
            runPendingEvents: function () {
              checkpoint();
              var count = 0;
              while (count < EVENT_LIMIT && fireNext()) count++;
              render();
              return count;
            },
            /** Undoes the last action; returns whether there was one. */
            back: function () { return travel(past, future); },
            /** Redoes the last undone action; returns whether there was one. */
            forward: function () { return travel(future, past); },
            /** The labels of the events the current configuration handles. */
            enabledEvents: function () {
              if (session.finished) return [];
              var seen = [];
              outgoing[session.configuration].forEach(function (index) {
                var event = space.edges[index].event;
                if (seen.indexOf(event) < 0) seen.push(event);
              });
              return seen;
            },
            /** The delayed events waiting: `{event, due, id}`, earliest first; `due` in milliseconds of virtual time. */
            pendingEvents: function () {
              return session.timers.slice().sort(function (a, b) { return a.due - b.due || a.sequence - b.sequence; })
                .map(function (timer) { return { event: timer.event, due: timer.due, id: timer.id }; });
            },
            /** The virtual time, in milliseconds. */
            now: function () { return session.now; },
            /** Whether the machine reached a top-level final state. */
            isFinished: function () { return session.finished; },
            /** The macrosteps so far: `{event, exited, entered, configuration, time, note}`, the start first. */
            log: function () { return JSON.parse(JSON.stringify(session.log)); },
            /** Whether the explored space is complete (no bound cut it). */
            isComplete: function () { return space.stoppedAt === undefined || space.stoppedAt === null; },
            /** When the page follows a running program: `{connected, received, dropped}`; otherwise null. */
            following: function () { return feed ? JSON.parse(JSON.stringify(live)) : null; },
            /** The embedded model: the state space and what each step recorded. */
            model: model
          };

          function element(tag, text, className) {
            var node = document.createElement(tag);
            if (text !== undefined && text !== null) node.textContent = text;
            if (className) node.className = className;
            return node;
          }
          function list(names) { return names.length ? names.join(', ') : '-'; }

          function render() {
            var active = {};
            currentStates().forEach(function (id) { active[id] = true; });
            document.querySelectorAll('#diagram [data-state]').forEach(function (group) {
              group.classList.toggle('sc-active', active[group.getAttribute('data-state')] === true);
            });
            document.querySelectorAll('#diagram [data-transition]').forEach(function (group) {
              group.classList.toggle('sc-taken', session.taken.indexOf(Number(group.getAttribute('data-transition'))) >= 0);
            });

            var configuration = document.getElementById('configuration');
            configuration.textContent = '';
            currentStates().forEach(function (id) {
              var item = element('li', labels[id] === undefined || labels[id] === id ? id : labels[id] + ' (' + id + ')');
              item.setAttribute('data-state', id);
              configuration.appendChild(item);
            });
            var node = space.configurations[session.configuration];
            var details = [];
            if (node.data) details.push('data: ' + node.data);
            Object.keys(node.history || {}).sort().forEach(function (id) { details.push('history ' + id + ': ' + list(node.history[id])); });
            if (session.finished) details.push('finished: the machine reached a top-level final state');
            document.getElementById('details').textContent = details.join('\n');

            var events = document.getElementById('events');
            events.textContent = '';
            (feed ? [] : api.enabledEvents()).forEach(function (event) {
              var button = element('button', event, 'event');
              button.setAttribute('data-event', event);
              button.addEventListener('click', function () { api.send(event); });
              events.appendChild(button);
            });
            if (!session.finished) {
              cutEvents(session.configuration).forEach(function (event) {
                var button = element('button', event + ' (beyond the bound)', 'event cut');
                button.disabled = true;
                button.title = 'The step on this event was not explored: exploration stopped at a bound.';
                events.appendChild(button);
              });
            }
            if (feed) {
              events.appendChild(element('span', (live.connected ? 'Following the running program: ' : 'Not connected to the program: ') +
                live.received + ' transitions received, ' + live.dropped + ' dropped.', 'note'));
            } else if (!events.firstChild) {
              events.appendChild(element('span', session.finished ? 'none: finished' : 'none', 'note'));
            }

            document.getElementById('now').textContent = session.now + ' ms';
            var pending = document.getElementById('pending');
            pending.textContent = '';
            api.pendingEvents().forEach(function (timer) {
              var item = element('li', timer.event + ' at ' + timer.due + ' ms' + (timer.id ? ' (id ' + timer.id + ')' : ''));
              item.setAttribute('data-event', timer.event);
              pending.appendChild(item);
            });
            if (!pending.firstChild) pending.appendChild(element('li', 'none', 'note'));
            document.getElementById('advance-next').disabled = session.finished || nextTimer() < 0;
            document.getElementById('advance-by').disabled = session.finished;
            document.getElementById('back').disabled = past.length === 0;
            document.getElementById('forward').disabled = future.length === 0;

            var log = document.getElementById('log');
            log.textContent = '';
            session.log.forEach(function (entry) {
              var text = (entry.event === null ? '(start)' : entry.event) + ' @' + entry.time + 'ms: ';
              text += entry.note ? entry.note : 'exited ' + list(entry.exited) + '; entered ' + list(entry.entered);
              text += ' \u2192 [' + entry.configuration.join(', ') + ']';
              log.appendChild(element('li', text, entry.note ? 'ignored' : null));
            });
            log.scrollTop = log.scrollHeight;
            document.body.setAttribute('data-configuration', currentStates().join(' '));
          }

          document.getElementById('advance-next').addEventListener('click', function () { api.advanceClock(); });
          document.getElementById('advance-by').addEventListener('click', function () {
            api.advanceClock(Number(document.getElementById('advance-ms').value) || 0);
          });
          document.getElementById('back').addEventListener('click', function () { api.back(); });
          document.getElementById('forward').addEventListener('click', function () { api.forward(); });
          document.getElementById('reset').addEventListener('click', function () { api.reset(); });

          var bound = document.getElementById('bound');
          if (!api.isComplete()) {
            bound.hidden = false;
            bound.textContent = 'This page shows part of the machine: exploration stopped at the bound ' + space.stoppedAt +
              ' = ' + space.limits[space.stoppedAt] + (space.stoppedAt === 'maxDuration' ? ' s' : '') + ' after ' + space.configurations.length + ' configurations and ' +
              space.edges.length + ' steps. Events whose step lies beyond the bound are marked and cannot be followed.';
          }
          document.getElementById('summary').textContent = space.configurations.length + ' configurations, ' +
            space.edges.length + ' steps, ' + space.events.length + ' events' + (api.isComplete() ? ' (complete)' : ' (cut at a bound)');

          // Follows the program: each message is one transition; the drawing shows its configuration, and the
          // space's matching configuration (if explored) supplies the enabled events and details.
          function follow(message) {
            var wanted = message.configuration.slice().sort().join('\n');
            var match = -1;
            for (var i = 0; i < space.configurations.length && match < 0; i++) {
              if (space.configurations[i].states.slice().sort().join('\n') === wanted) match = i;
            }
            if (match >= 0) session.configuration = match;
            session.live = message.configuration.slice();
            session.taken = [];
            session.now = Math.round(message.time * 1000);
            session.log.push({ event: message.event, exited: message.exited, entered: message.entered,
                               configuration: message.configuration.slice(), time: session.now,
                               note: match < 0 ? 'a configuration the page did not explore' : null });
            live.received++;
            live.dropped = message.dropped;
            live.lastSequence = message.sequence;
            render();
          }

          function connect() {
            if (document.body.getAttribute('data-live-feed-transport') === 'sse') return connectEventSource();
            var socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + feed + location.search);
            socket.onopen = function () { live.connected = true; render(); };
            socket.onclose = function () { live.connected = false; render(); };
            socket.onmessage = function (message) { follow(JSON.parse(message.data)); };
          }

          // statecraft serve's Server-Sent Events: `state` (the machine now, sent again on each reconnection),
          // then one `transition` per committed macrostep. Times are the page's, from when it connected.
          function connectEventSource() {
            var source = new EventSource(feed + location.search);
            var opened = Date.now();
            function seconds() { return (Date.now() - opened) / 1000; }
            source.onopen = function () { live.connected = true; render(); };
            source.onerror = function () { live.connected = false; render(); };
            source.addEventListener('state', function (message) {
              var state = JSON.parse(message.data);
              var configuration = state.finished && state.finalState ? [state.finalState] : state.configuration;
              follow({ sequence: state.version, event: '', exited: [], entered: configuration.slice(),
                       configuration: configuration, time: seconds(), dropped: live.dropped });
            });
            source.addEventListener('transition', function (message) {
              var notice = JSON.parse(message.data);
              var step = notice.macrostep;
              follow({ sequence: notice.version, event: step.event === null ? '' : step.event, exited: step.exited,
                       entered: step.entered, configuration: step.configuration, time: seconds(), dropped: live.dropped });
            });
          }

          window.statecraft = api;
          start();
          if (feed) connect();
          render();
          document.body.setAttribute('data-ready', 'true');
        })();
        """#
}
