/// The observers of one kind attached to a machine, in registration order.
///
/// Observers are called from the list's buffer while nothing may change it: an observer added during a
/// notification waits in ``pending`` and one removed is only marked, and both changes are applied once
/// the notification ends — the observers called are those attached when it began, as when
/// iterating over a copy of the list. So the buffer and every box in it stay alive for the whole
/// notification, and notifying retains neither the boxes nor the closures' contexts.
///
/// ``boxes`` owns the observers; ``callList`` repeats them as unretained references in memory the list
/// allocates itself, so that a notification reads the observers without retaining an array buffer or a
/// box (iterating over an array of class references retains each element and the buffer). ``callList`` is
/// rebuilt whenever ``boxes`` changes, which never happens during a notification; its owner calls
/// ``deallocate()`` once, when it is deinitialized.
@usableFromInline
struct ObserverList<Box: ObserverBox> {
    @usableFromInline var boxes: [Box] = [] {
        didSet { rebuildCallList() }
    }
    /// ``boxes`` as unretained references, for notifications.
    @usableFromInline private(set) var callList = UnsafeMutableBufferPointer<Unmanaged<Box>>(
        start: nil, count: 0)
    /// Observers added during a notification; they are first called for the next one.
    @usableFromInline var pending: [Box] = []
    /// Whether a notification is running. Notifications of one list never nest: a machine notifies only
    /// while it handles an event, and events sent meanwhile (by observers too) are queued, not handled
    /// inside the notification.
    @usableFromInline var notifying = false
    /// Whether a box was marked removed during a notification.
    @usableFromInline var hasRemovals = false
    /// Whether a notification deferred a change (an addition or a removal): one flag for the end of every
    /// notification to test.
    @usableFromInline var hasDeferredChanges = false

    @inlinable init() {}

    /// The number of observers.
    @inlinable var count: Int { boxes.count + pending.count - (hasRemovals ? boxes.filter(\.isRemoved).count : 0) }

    @inlinable var isEmpty: Bool { count == 0 }

    /// Adds an observer; during a notification it is kept aside until the notification ends.
    @usableFromInline mutating func append(_ box: Box) {
        if notifying {
            pending.append(box)
            hasDeferredChanges = true
        } else {
            boxes.append(box)
        }
    }

    /// Removes the observer `token` identifies; during a notification it is only marked, and dropped
    /// when the notification ends.
    /// - Returns: Whether an observer was removed.
    /// - Complexity: O(*n*) in the number of observers.
    @usableFromInline mutating func remove(_ token: ObserverToken) -> Bool {
        if let index = pending.firstIndex(where: { $0.token == token }) {
            pending.remove(at: index)
            return true
        }
        guard let index = boxes.firstIndex(where: { $0.token == token && !$0.isRemoved }) else { return false }
        if notifying {
            let box = boxes[index]
            box.isRemoved = true
            hasRemovals = true
            hasDeferredChanges = true
        } else {
            boxes.remove(at: index)
        }
        return true
    }

    /// Starts a notification: until it ends, additions and removals are deferred.
    @inlinable mutating func beginNotification() {
        assert(!notifying, "Internal inconsistency: nested notifications of one observer list")
        notifying = true
    }

    /// Ends a notification and applies the additions and removals made during it.
    @inlinable mutating func endNotification() {
        notifying = false
        if hasDeferredChanges { applyDeferredChanges() }
    }

    /// Copies ``boxes`` into a new ``callList``.
    @usableFromInline mutating func rebuildCallList() {
        callList.deallocate()
        let list = UnsafeMutableBufferPointer<Unmanaged<Box>>.allocate(capacity: boxes.count)
        for (index, box) in boxes.enumerated() {
            (list.baseAddress! + index).initialize(to: Unmanaged.passUnretained(box))
        }
        callList = list
    }

    /// Frees ``callList``; called once, by the owner's `deinit`.
    @usableFromInline mutating func deallocate() {
        callList.deallocate()
        callList = UnsafeMutableBufferPointer(start: nil, count: 0)
    }

    @usableFromInline mutating func applyDeferredChanges() {
        if hasRemovals {
            boxes.removeAll { $0.isRemoved }
            hasRemovals = false
        }
        boxes.append(contentsOf: pending)
        pending.removeAll()
        hasDeferredChanges = false
    }
}
