extension DelayedEventQueue {
    /// Starts chart timer `timer` (a position in ``timerIDs``): `payload` falls due at `due`, behind every event
    /// due at the same time or earlier, as ``schedule(_:at:id:)`` would order it with the timer's identifier.
    /// A timer still waiting from an earlier start keeps waiting, as an entry with that identifier.
    ///
    /// - Complexity: O(1), unless the timer is still waiting or its slot is the first of its position.
    @inlinable
    package mutating func startTimer(_ timer: Int32, payload: Payload, at due: Duration) {
        let position = Int(timer)
        if position >= timerSlots.count { addTimerSlots(through: position) }
        if timerSlots[position].payload != nil { moveTimerToEntries(position) }
        nextSequence &+= 1
        timerSlots[position] = TimerSlot(due: due, sequence: nextSequence, payload: payload)
        armedTimerCount &+= 1
    }

    /// Drops chart timer `timer` (a position in ``timerIDs``) and every other event waiting with its identifier:
    /// what ``cancel(id:)`` drops for that identifier.
    ///
    /// - Returns: The number of events dropped.
    /// - Complexity: O(1) when no other event waits; O(*n*) in the number of events waiting otherwise.
    @inlinable @discardableResult
    package mutating func cancel(timer: Int32) -> Int {
        let position = Int(timer)
        var dropped = 0
        if position < timerSlots.count, timerSlots[position].payload != nil {
            timerSlots[position].payload = nil
            armedTimerCount &-= 1
            dropped = 1
        }
        if !entries.isEmpty { dropped &+= cancelEntries(id: timerIDs[position]) }
        return dropped
    }

    /// The position of the armed timer that comes out first (earliest due time, then earliest sequence); `nil`
    /// when none is armed.
    /// - Complexity: O(*t*) in the number of timer slots.
    @inlinable func earliestTimer() -> Int? {
        var earliest: Int?
        for position in timerSlots.indices where timerSlots[position].payload != nil {
            if let current = earliest,
                (timerSlots[current].due, timerSlots[current].sequence)
                    <= (timerSlots[position].due, timerSlots[position].sequence)
            {
                continue
            }
            earliest = position
        }
        return earliest
    }

    /// Disarms the timer at `position`, which must be armed, and returns its event as an entry.
    @usableFromInline mutating func takeTimer(_ position: Int) -> Entry {
        let slot = timerSlots[position]
        timerSlots[position].payload = nil
        armedTimerCount -= 1
        guard let payload = slot.payload else {
            preconditionFailure("Internal inconsistency: an unarmed timer taken from the delayed-event queue")
        }
        return Entry(due: slot.due, sequence: slot.sequence, id: nil, payload: payload, timer: Int32(position))
    }

    /// Drops every armed timer whose identifier is `id`.
    ///
    /// - Returns: The number of timers dropped.
    @inlinable mutating func cancelTimers(named id: String) -> Int {
        guard armedTimerCount > 0 else { return 0 }
        var dropped = 0
        for position in timerSlots.indices where timerSlots[position].payload != nil && timerIDs[position] == id {
            timerSlots[position].payload = nil
            dropped += 1
        }
        armedTimerCount -= dropped
        return dropped
    }

    /// Adds unarmed slots up to and including `position`.
    @usableFromInline mutating func addTimerSlots(through position: Int) {
        precondition(position < timerIDs.count, "Internal inconsistency: a chart timer without an identifier")
        while timerSlots.count <= position {
            timerSlots.append(TimerSlot(due: .zero, sequence: 0, payload: nil))
        }
    }

    /// Moves the armed timer at `position` into the entries, keeping its due time, its sequence and its place in
    /// the order, named by its identifier: a timer started again before it was cancelled.
    @usableFromInline mutating func moveTimerToEntries(_ position: Int) {
        let taken = takeTimer(position)
        let entry = Entry(
            due: taken.due, sequence: taken.sequence, id: timerIDs[position], payload: taken.payload, timer: -1)
        let index =
            entries.firstIndex { ($0.due, $0.sequence) > (entry.due, entry.sequence) } ?? entries.endIndex
        entries.insert(entry, at: index)
    }
}
