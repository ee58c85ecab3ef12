import Foundation
import StatecraftPersistence
import StatecraftPostgres
import Testing

/// The store contract against PostgreSQL, on the server named by `STATECRAFT_POSTGRES_URL`
/// (`Scripts/with-postgres.sh` starts one and sets it). Without it the tests are skipped — and
/// `requiredServerIsThere` fails when `STATECRAFT_REQUIRE_POSTGRES=1`, as CI sets it, so that CI cannot
/// pass with the PostgreSQL store untested.
// Serialized: the tests share one database, and leases and workers act on every machine of it.
@Suite("PostgreSQL store", .serialized)
struct PostgresStoreTests {
    static let url = ProcessInfo.processInfo.environment["STATECRAFT_POSTGRES_URL"]
    static let skipReason: Comment =
        "PostgreSQL store tests skipped: no server; set STATECRAFT_POSTGRES_URL, or run Scripts/with-postgres.sh swift test"

    static func withStore(_ body: (StoreContract) async throws -> Void) async throws {
        let store = try await PostgresMachineStore(url: try #require(url), maximumConnections: 4)
        do {
            try await body(StoreContract(store: store))
        } catch {
            await store.close()
            throw error
        }
        await store.close()
    }

    @Test func requiredServerIsThere() {
        let required = ProcessInfo.processInfo.environment["STATECRAFT_REQUIRE_POSTGRES"] == "1"
        #expect(!required || Self.url != nil, "STATECRAFT_REQUIRE_POSTGRES=1 but STATECRAFT_POSTGRES_URL is not set")
    }

    @Test(.enabled(if: url != nil, skipReason)) func anAcceptedEventWakesAWaitingWorker() async throws {
        try await Self.withStore { try await $0.anAcceptedEventWakesAWaitingWorker() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func passesWithinTheClaimIntervalReuseTheLastClaim() async throws {
        try await Self.withStore { try await $0.passesWithinTheClaimIntervalReuseTheLastClaim() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func savesAndLoadsSnapshotsAndJournals() async throws {
        try await Self.withStore { try await $0.savesAndLoadsSnapshotsAndJournals() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func staleWritesConflictAndLoseNothing() async throws {
        try await Self.withStore { try await $0.staleWritesConflictAndLoseNothing() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func duplicateEventsAreRefused() async throws {
        try await Self.withStore { try await $0.duplicateEventsAreRefused() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func durableMachinesSurviveAndApplyEachEventOnce() async throws {
        try await Self.withStore { try await $0.durableMachinesSurviveAndApplyEachEventOnce() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func concurrentWritersNeverLoseOrRepeatAnEvent() async throws {
        try await Self.withStore { try await $0.concurrentWritersNeverLoseOrRepeatAnEvent() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aSnapshotOfAnotherChartIsATypedError() async throws {
        try await Self.withStore { try await $0.aSnapshotOfAnotherChartIsATypedError() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func timersAreStoredWithTheirDueInstants() async throws {
        try await Self.withStore { try await $0.timersAreStoredWithTheirDueInstants() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func overdueTimersFireAtOnceInDueOrder() async throws {
        try await Self.withStore { try await $0.overdueTimersFireAtOnceInDueOrder() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func anEventAcceptedBeforeTheDueTimeIsAppliedBeforeTheTimer()
        async throws
    {
        try await Self.withStore { try await $0.anEventAcceptedBeforeTheDueTimeIsAppliedBeforeTheTimer() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func anEventAfterTheDueTimeComesAfterTheOverdueTimers() async throws {
        try await Self.withStore { try await $0.anEventAfterTheDueTimeComesAfterTheOverdueTimers() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func timersFiredByTwoProcessesFireOnce() async throws {
        try await Self.withStore { try await $0.timersFiredByTwoProcessesFireOnce() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aRunningRunnerFiresTimersWhenDue() async throws {
        try await Self.withStore { try await $0.aRunningRunnerFiresTimersWhenDue() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func concurrentBatchesEachCountTheirOwnEvents() async throws {
        try await Self.withStore { try await $0.concurrentBatchesEachCountTheirOwnEvents() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func acceptedEventsKeepTheirText() async throws {
        try await Self.withStore { try await $0.acceptedEventsKeepTheirText() }
    }

    @Test(.enabled(if: url != nil, skipReason))
    func aGroupCommitTakesItsJournaledAndDiscardedEventsOutOfTheInbox() async throws {
        try await Self.withStore { try await $0.aGroupCommitTakesItsJournaledAndDiscardedEventsOutOfTheInbox() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func acceptingIsIdempotentAndAppliesNothing() async throws {
        try await Self.withStore { try await $0.acceptingIsIdempotentAndAppliesNothing() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func acceptedEventsAreAppliedInAcceptanceOrderOnce() async throws {
        try await Self.withStore { try await $0.acceptedEventsAreAppliedInAcceptanceOrderOnce() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func anAcceptedEventComesBeforeTimersDueAfterItsAcceptance()
        async throws
    {
        try await Self.withStore { try await $0.anAcceptedEventComesBeforeTimersDueAfterItsAcceptance() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func anAcceptedEventComesAfterTimersDueBeforeItsAcceptance()
        async throws
    {
        try await Self.withStore { try await $0.anAcceptedEventComesAfterTimersDueBeforeItsAcceptance() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func leasesAreClaimedRenewedTakenOverAndReleased() async throws {
        try await Self.withStore { try await $0.leasesAreClaimedRenewedTakenOverAndReleased() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func workersServeAcceptedEventsOnceAndTakeOverDeadWorkers() async throws
    {
        try await Self.withStore { try await $0.workersServeAcceptedEventsOnceAndTakeOverDeadWorkers() }
    }

    @Test(.enabled(if: url != nil, skipReason))
    func workersShareTheShardsFairlyAndTakeOverAKilledOnesShards() async throws {
        try await Self.withStore { try await $0.workersShareTheShardsFairlyAndTakeOverAKilledOnesShards() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aBatchLoadGivesWhatLoadsOneByOneGive() async throws {
        try await Self.withStore { try await $0.aBatchLoadGivesWhatLoadsOneByOneGive() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aWorkerReloadsAMachineAnotherWriterAdvanced() async throws {
        try await Self.withStore { try await $0.aWorkerReloadsAMachineAnotherWriterAdvanced() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aStoppedWorkerReleasesItsLeases() async throws {
        try await Self.withStore { try await $0.aStoppedWorkerReleasesItsLeases() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aBatchTakenByShardHoldsItsMachinesEventsInAcceptanceOrder()
        async throws
    {
        try await Self.withStore { try await $0.aBatchTakenByShardHoldsItsMachinesEventsInAcceptanceOrder() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aGroupCommitWritesEveryMachineOrNothing() async throws {
        try await Self.withStore { try await $0.aGroupCommitWritesEveryMachineOrNothing() }
    }

    @Test(.enabled(if: url != nil, skipReason))
    func aCommitWithoutSnapshotBehindTheStoredVersionIsAConflict() async throws {
        try await Self.withStore { try await $0.aCommitWithoutSnapshotBehindTheStoredVersionIsAConflict() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aStaleBatchMeetingTheStoredKeysIsAConflictAndWritesNothing()
        async throws
    {
        try await Self.withStore { try await $0.aStaleBatchMeetingTheStoredKeysIsAConflictAndWritesNothing() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aCommitReplacingAnEffectAndTimersAtTheSameKeysLeavesTheNewOnes()
        async throws
    {
        try await Self.withStore { try await $0.aCommitReplacingAnEffectAndTimersAtTheSameKeysLeavesTheNewOnes() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aMachineLoadedDuringCommitsIsNeverTorn() async throws {
        try await Self.withStore { try await $0.aMachineLoadedDuringCommitsIsNeverTorn() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aMachineIsRestoredFromItsLastSnapshotAndTheEntriesAfterIt()
        async throws
    {
        try await Self.withStore { try await $0.aMachineIsRestoredFromItsLastSnapshotAndTheEntriesAfterIt() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func dueTimersAreFoundByShard() async throws {
        try await Self.withStore { try await $0.dueTimersAreFoundByShard() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func manyEventsAreAcceptedAtOnceInTheOrderGiven() async throws {
        try await Self.withStore { try await $0.manyEventsAreAcceptedAtOnceInTheOrderGiven() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func anEffectIsRecordedWithTheStepThatEntersItsState() async throws {
        try await Self.withStore { try await $0.anEffectIsRecordedWithTheStepThatEntersItsState() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func leavingTheStateCancelsItsEffectDurably() async throws {
        try await Self.withStore { try await $0.leavingTheStateCancelsItsEffectDurably() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aCompletionAfterItsStateTimedOutIsDropped() async throws {
        try await Self.withStore { try await $0.aCompletionAfterItsStateTimedOutIsDropped() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func twoRunsOfOneEffectApplyItsCompletionOnce() async throws {
        try await Self.withStore { try await $0.twoRunsOfOneEffectApplyItsCompletionOnce() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aFailedEffectCompletesWithItsFailureEventOrStaysPending()
        async throws
    {
        try await Self.withStore { try await $0.aFailedEffectCompletesWithItsFailureEventOrStaysPending() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aCrashedWorkersEffectRunsAgainWithTheSameKey() async throws {
        try await Self.withStore { try await $0.aCrashedWorkersEffectRunsAgainWithTheSameKey() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aWorkerCancelsTheRunsOfEffectsLeft() async throws {
        try await Self.withStore { try await $0.aWorkerCancelsTheRunsOfEffectsLeft() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aCompletionOfAnEffectNotPendingWritesNothing() async throws {
        try await Self.withStore { try await $0.aCompletionOfAnEffectNotPendingWritesNothing() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func anEffectLeftByAWriterWithoutItIsDiscardedAtItsNextRun()
        async throws
    {
        try await Self.withStore { try await $0.anEffectLeftByAWriterWithoutItIsDiscardedAtItsNextRun() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func aMachineRunsEachEffectOnceAtATime() async throws {
        try await Self.withStore { try await $0.aMachineRunsEachEffectOnceAtATime() }
    }

    @Test(.enabled(if: url != nil, skipReason)) func anInitialStatesEffectStartsWithTheFirstStoredEvent() async throws {
        try await Self.withStore { try await $0.anInitialStatesEffectStartsWithTheFirstStoredEvent() }
    }
}
