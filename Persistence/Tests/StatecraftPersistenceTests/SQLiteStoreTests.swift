import Foundation
import StatecraftPersistence
import StatecraftSQLite
import Testing

/// The store contract against SQLite, each test on a fresh database file in WAL mode.
@Suite("SQLite store")
struct SQLiteStoreTests {
    static func withStore(_ body: (StoreContract) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("statecraft-\(UUID().uuidString).db")
            .path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let store = try await SQLiteMachineStore(path: path)
        try await body(StoreContract(store: store))
        try await store.close()
    }

    @Test func theDatabaseIsInWALMode() async throws {
        try await Self.withStore { contract in
            let store = try #require(contract.store as? SQLiteMachineStore)
            #expect(try await store.journalMode() == "wal")
        }
    }

    /// Stores opening one new file at once (as two processes starting together do) all open: each waits for
    /// the lock another holds while switching the file to WAL, rather than failing with "database is locked".
    @Test func storesOpeningOneNewFileAtOnceAllOpen() async throws {
        for _ in 0..<5 {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("together-\(UUID().uuidString).db")
                .path
            defer {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let store = try await SQLiteMachineStore(path: path)
                        try await store.close()
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    @Test func anAcceptedEventWakesAWaitingWorker() async throws {
        try await Self.withStore { try await $0.anAcceptedEventWakesAWaitingWorker() }
    }

    @Test func passesWithinTheClaimIntervalReuseTheLastClaim() async throws {
        try await Self.withStore { try await $0.passesWithinTheClaimIntervalReuseTheLastClaim() }
    }

    @Test func savesAndLoadsSnapshotsAndJournals() async throws {
        try await Self.withStore { try await $0.savesAndLoadsSnapshotsAndJournals() }
    }

    @Test func staleWritesConflictAndLoseNothing() async throws {
        try await Self.withStore { try await $0.staleWritesConflictAndLoseNothing() }
    }

    @Test func duplicateEventsAreRefused() async throws {
        try await Self.withStore { try await $0.duplicateEventsAreRefused() }
    }

    @Test func durableMachinesSurviveAndApplyEachEventOnce() async throws {
        try await Self.withStore { try await $0.durableMachinesSurviveAndApplyEachEventOnce() }
    }

    @Test func concurrentWritersNeverLoseOrRepeatAnEvent() async throws {
        try await Self.withStore { try await $0.concurrentWritersNeverLoseOrRepeatAnEvent() }
    }

    @Test func aSnapshotOfAnotherChartIsATypedError() async throws {
        try await Self.withStore { try await $0.aSnapshotOfAnotherChartIsATypedError() }
    }

    @Test func timersAreStoredWithTheirDueInstants() async throws {
        try await Self.withStore { try await $0.timersAreStoredWithTheirDueInstants() }
    }

    @Test func overdueTimersFireAtOnceInDueOrder() async throws {
        try await Self.withStore { try await $0.overdueTimersFireAtOnceInDueOrder() }
    }

    @Test func anEventAcceptedBeforeTheDueTimeIsAppliedBeforeTheTimer() async throws {
        try await Self.withStore { try await $0.anEventAcceptedBeforeTheDueTimeIsAppliedBeforeTheTimer() }
    }

    @Test func anEventAfterTheDueTimeComesAfterTheOverdueTimers() async throws {
        try await Self.withStore { try await $0.anEventAfterTheDueTimeComesAfterTheOverdueTimers() }
    }

    @Test func timersFiredByTwoProcessesFireOnce() async throws {
        try await Self.withStore { try await $0.timersFiredByTwoProcessesFireOnce() }
    }

    @Test func aRunningRunnerFiresTimersWhenDue() async throws {
        try await Self.withStore { try await $0.aRunningRunnerFiresTimersWhenDue() }
    }

    @Test func concurrentBatchesEachCountTheirOwnEvents() async throws {
        try await Self.withStore { try await $0.concurrentBatchesEachCountTheirOwnEvents() }
    }

    @Test func acceptedEventsKeepTheirText() async throws {
        try await Self.withStore { try await $0.acceptedEventsKeepTheirText() }
    }

    @Test func aGroupCommitTakesItsJournaledAndDiscardedEventsOutOfTheInbox() async throws {
        try await Self.withStore { try await $0.aGroupCommitTakesItsJournaledAndDiscardedEventsOutOfTheInbox() }
    }

    @Test func acceptingIsIdempotentAndAppliesNothing() async throws {
        try await Self.withStore { try await $0.acceptingIsIdempotentAndAppliesNothing() }
    }

    @Test func acceptedEventsAreAppliedInAcceptanceOrderOnce() async throws {
        try await Self.withStore { try await $0.acceptedEventsAreAppliedInAcceptanceOrderOnce() }
    }

    @Test func anAcceptedEventComesBeforeTimersDueAfterItsAcceptance() async throws {
        try await Self.withStore { try await $0.anAcceptedEventComesBeforeTimersDueAfterItsAcceptance() }
    }

    @Test func anAcceptedEventComesAfterTimersDueBeforeItsAcceptance() async throws {
        try await Self.withStore { try await $0.anAcceptedEventComesAfterTimersDueBeforeItsAcceptance() }
    }

    @Test func leasesAreClaimedRenewedTakenOverAndReleased() async throws {
        try await Self.withStore { try await $0.leasesAreClaimedRenewedTakenOverAndReleased() }
    }

    @Test func workersServeAcceptedEventsOnceAndTakeOverDeadWorkers() async throws {
        try await Self.withStore { try await $0.workersServeAcceptedEventsOnceAndTakeOverDeadWorkers() }
    }

    @Test func workersShareTheShardsFairlyAndTakeOverAKilledOnesShards() async throws {
        try await Self.withStore { try await $0.workersShareTheShardsFairlyAndTakeOverAKilledOnesShards() }
    }

    @Test func aBatchLoadGivesWhatLoadsOneByOneGive() async throws {
        try await Self.withStore { try await $0.aBatchLoadGivesWhatLoadsOneByOneGive() }
    }

    @Test func aWorkerReloadsAMachineAnotherWriterAdvanced() async throws {
        try await Self.withStore { try await $0.aWorkerReloadsAMachineAnotherWriterAdvanced() }
    }

    @Test func aStoppedWorkerReleasesItsLeases() async throws {
        try await Self.withStore { try await $0.aStoppedWorkerReleasesItsLeases() }
    }

    @Test func aBatchTakenByShardHoldsItsMachinesEventsInAcceptanceOrder() async throws {
        try await Self.withStore { try await $0.aBatchTakenByShardHoldsItsMachinesEventsInAcceptanceOrder() }
    }

    @Test func aGroupCommitWritesEveryMachineOrNothing() async throws {
        try await Self.withStore { try await $0.aGroupCommitWritesEveryMachineOrNothing() }
    }

    @Test func aCommitWithoutSnapshotBehindTheStoredVersionIsAConflict() async throws {
        try await Self.withStore { try await $0.aCommitWithoutSnapshotBehindTheStoredVersionIsAConflict() }
    }

    @Test func aStaleBatchMeetingTheStoredKeysIsAConflictAndWritesNothing() async throws {
        try await Self.withStore { try await $0.aStaleBatchMeetingTheStoredKeysIsAConflictAndWritesNothing() }
    }

    @Test func aCommitReplacingAnEffectAndTimersAtTheSameKeysLeavesTheNewOnes() async throws {
        try await Self.withStore { try await $0.aCommitReplacingAnEffectAndTimersAtTheSameKeysLeavesTheNewOnes() }
    }

    @Test func aMachineLoadedDuringCommitsIsNeverTorn() async throws {
        try await Self.withStore { try await $0.aMachineLoadedDuringCommitsIsNeverTorn() }
    }

    @Test func aMachineIsRestoredFromItsLastSnapshotAndTheEntriesAfterIt() async throws {
        try await Self.withStore { try await $0.aMachineIsRestoredFromItsLastSnapshotAndTheEntriesAfterIt() }
    }

    @Test func dueTimersAreFoundByShard() async throws {
        try await Self.withStore { try await $0.dueTimersAreFoundByShard() }
    }

    @Test func aWorkerNeverFiresATimerAheadOfAnEventLeftOutOfItsBatch() async throws {
        try await Self.withStore { try await $0.aWorkerNeverFiresATimerAheadOfAnEventLeftOutOfItsBatch() }
    }

    @Test func manyEventsAreAcceptedAtOnceInTheOrderGiven() async throws {
        try await Self.withStore { try await $0.manyEventsAreAcceptedAtOnceInTheOrderGiven() }
    }

    @Test func anEffectIsRecordedWithTheStepThatEntersItsState() async throws {
        try await Self.withStore { try await $0.anEffectIsRecordedWithTheStepThatEntersItsState() }
    }

    @Test func leavingTheStateCancelsItsEffectDurably() async throws {
        try await Self.withStore { try await $0.leavingTheStateCancelsItsEffectDurably() }
    }

    @Test func aCompletionAfterItsStateTimedOutIsDropped() async throws {
        try await Self.withStore { try await $0.aCompletionAfterItsStateTimedOutIsDropped() }
    }

    @Test func twoRunsOfOneEffectApplyItsCompletionOnce() async throws {
        try await Self.withStore { try await $0.twoRunsOfOneEffectApplyItsCompletionOnce() }
    }

    @Test func aFailedEffectCompletesWithItsFailureEventOrStaysPending() async throws {
        try await Self.withStore { try await $0.aFailedEffectCompletesWithItsFailureEventOrStaysPending() }
    }

    @Test func aCrashedWorkersEffectRunsAgainWithTheSameKey() async throws {
        try await Self.withStore { try await $0.aCrashedWorkersEffectRunsAgainWithTheSameKey() }
    }

    @Test func aWorkerCancelsTheRunsOfEffectsLeft() async throws {
        try await Self.withStore { try await $0.aWorkerCancelsTheRunsOfEffectsLeft() }
    }

    @Test func aCompletionOfAnEffectNotPendingWritesNothing() async throws {
        try await Self.withStore { try await $0.aCompletionOfAnEffectNotPendingWritesNothing() }
    }

    @Test func anEffectLeftByAWriterWithoutItIsDiscardedAtItsNextRun() async throws {
        try await Self.withStore { try await $0.anEffectLeftByAWriterWithoutItIsDiscardedAtItsNextRun() }
    }

    @Test func aMachineRunsEachEffectOnceAtATime() async throws {
        try await Self.withStore { try await $0.aMachineRunsEachEffectOnceAtATime() }
    }

    @Test func anInitialStatesEffectStartsWithTheFirstStoredEvent() async throws {
        try await Self.withStore { try await $0.anInitialStatesEffectStartsWithTheFirstStoredEvent() }
    }
}
