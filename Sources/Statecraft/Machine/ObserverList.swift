/// The observers of one kind attached to a machine, in registration order.
///
/// Observers are called from the list's buffer while nothing may change it: while its machine notifies
/// observers of an event, an observer added waits in ``pending`` and one removed is only marked, and both
/// changes are applied once the machine is done with the event's notifications (the machine tells
/// ``append(_:deferring:)`` and ``remove(_:deferring:)`` whether it is notifying, and calls
/// ``applyDeferredChanges()`` afterwards) — the observers called are those attached when the notification
/// began, as when iterating over a copy of the list. So the buffer and every box in it stay alive for the
/// whole notification, and notifying retains neither the boxes nor the closures' contexts.
///
/// ``boxes`` owns the observers; ``callList`` repeats them as unretained references in memory the list
/// allocates itself, so that a notification reads the observers without retaining an array buffer or a
/// box (iterating over an array of class references retains each element and the buffer); ``soleObserver``
/// repeats a single observer for a notification to call without a loop. Both are rebuilt whenever ``boxes``
/// changes, which never happens during a notification; its owner calls
/// ``deallocate()`` once, when it is deinitialized.
///
/// A list may have a leading observer, kept first whatever is added after it (``replaceLeading(with:deferring:)``):
/// ``StateMachine/didTransition``, under its reserved token (``ObserverToken/didTransition``).
@usableFromInline
struct ObserverList<Box: ObserverBox> {
    @usableFromInline var boxes: [Box] = [] {
        didSet { rebuildCallList() }
    }
    /// ``boxes`` as unretained references, for notifications; its base address is `nil` when it is empty.
    @usableFromInline private(set) var callList = UnsafeMutableBufferPointer<Unmanaged<Box>>(
        start: nil, count: 0)
    /// The observer when there is exactly one, the most common case, `nil` otherwise: a notification calls
    /// it after one load and one test, without reading ``callList``'s count and base. Kept with ``callList``.
    @usableFromInline private(set) var soleObserver: Unmanaged<Box>?
    /// Observers added during a notification; they are first called for the next one.
    @usableFromInline var pending: [Box] = []
    /// The leading observer set during a notification, put first when the changes are applied.
    @usableFromInline var pendingLeading: Box?
    /// Whether a box was marked removed during a notification.
    @usableFromInline var hasRemovals = false
    /// Whether a change (an addition or a removal) was deferred and waits for ``applyDeferredChanges()``.
    @usableFromInline var hasDeferredChanges = false

    @inlinable init() {}

    /// The number of observers.
    @inlinable var count: Int {
        boxes.count + pending.count + (pendingLeading == nil ? 0 : 1)
            - (hasRemovals ? boxes.filter(\.isRemoved).count : 0)
    }

    /// Whether the list holds an observer, one added or set during a notification included.
    @inlinable var hasObservers: Bool { !boxes.isEmpty || !pending.isEmpty || pendingLeading != nil }

    @inlinable var isEmpty: Bool { count == 0 }

    /// Adds an observer; while `deferring` (during a notification) it is kept aside until
    /// ``applyDeferredChanges()``.
    @usableFromInline mutating func append(_ box: Box, deferring: Bool) {
        if deferring {
            pending.append(box)
            hasDeferredChanges = true
        } else {
            boxes.append(box)
        }
    }

    /// Removes the observer `token` identifies; while `deferring` (during a notification) it is only
    /// marked, and dropped by ``applyDeferredChanges()``.
    /// - Returns: Whether an observer was removed.
    /// - Complexity: O(*n*) in the number of observers.
    @usableFromInline mutating func remove(_ token: ObserverToken, deferring: Bool) -> Bool {
        if let index = pending.firstIndex(where: { $0.token == token }) {
            pending.remove(at: index)
            return true
        }
        guard let index = boxes.firstIndex(where: { $0.token == token && !$0.isRemoved }) else { return false }
        if deferring {
            let box = boxes[index]
            box.isRemoved = true
            hasRemovals = true
            hasDeferredChanges = true
        } else {
            boxes.remove(at: index)
        }
        return true
    }

    /// Puts `box` first in the list in place of the leading observer (`box`'s token names it), or only removes
    /// that one when `box` is `nil`; while `deferring` (during a notification) the leading observer is only
    /// marked removed and `box` kept aside, both until ``applyDeferredChanges()``.
    @usableFromInline mutating func replaceLeading(with box: Box?, token: ObserverToken, deferring: Bool) {
        let leading = boxes.first.flatMap { $0.token == token && !$0.isRemoved ? $0 : nil }
        if deferring {
            if let leading {
                leading.isRemoved = true
                hasRemovals = true
            }
            pendingLeading = box
            hasDeferredChanges = true
            return
        }
        if leading != nil { boxes.removeFirst() }
        if let box { boxes.insert(box, at: 0) }
    }

    /// Copies ``boxes`` into a new ``callList``.
    @usableFromInline mutating func rebuildCallList() {
        callList.deallocate()
        soleObserver = boxes.count == 1 ? Unmanaged.passUnretained(boxes[0]) : nil
        guard !boxes.isEmpty else {
            callList = UnsafeMutableBufferPointer(start: nil, count: 0)
            return
        }
        let list = UnsafeMutableBufferPointer<Unmanaged<Box>>.allocate(capacity: boxes.count)
        for (index, box) in boxes.enumerated() {
            (list.baseAddress! + index).initialize(to: Unmanaged.passUnretained(box))
        }
        callList = list
    }

    /// Frees ``callList``; called once, by the owner's `deinit`.
    @usableFromInline mutating func deallocate() {
        soleObserver = nil
        callList.deallocate()
        callList = UnsafeMutableBufferPointer(start: nil, count: 0)
    }

    /// Applies the additions and removals deferred during a notification, if any.
    @usableFromInline mutating func applyDeferredChanges() {
        guard hasDeferredChanges else { return }
        if hasRemovals {
            boxes.removeAll { $0.isRemoved }
            hasRemovals = false
        }
        boxes.append(contentsOf: pending)
        pending.removeAll()
        if let leading = pendingLeading {
            boxes.insert(leading, at: 0)
            pendingLeading = nil
        }
        hasDeferredChanges = false
    }
}
