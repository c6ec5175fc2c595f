import Foundation
import Observation
import Preferences
import TestSupport
import Testing

/// The errors an `ObservablePreference` reported, in order.
@MainActor
private final class Reported {
    var codes: [PreferenceError.Code] = []
}

@Suite("ObservablePreference follows the store", .timeLimit(.minutes(10)))
@MainActor
struct ObservablePreferenceTests {
    /// The model reads the stored value, else the default, and stores what is set at once.
    @Test func readsTheStoredValueAndStoresWhatIsSet() throws {
        try withScratch { scratch throws in
            let reported = Reported()
            let fontSize = ObservablePreference(.fontSize, in: try scratch.store()) { reported.codes.append($0.code) }
            #expect(fontSize.value == 12)
            fontSize.value = 14
            #expect(fontSize.value == 14)
            #expect(try pythonReading(scratch.domainPath()) == #"{"fontSize": 14}"#)
            #expect(reported.codes.isEmpty)
        }
    }

    /// A change written by another process reaches the value and those who observe it.
    @Test func changeFromElsewhereReachesTheValueAndItsObservers() async throws {
        try await withScratch { scratch in
            let reported = Reported()
            let fontSize = ObservablePreference(.fontSize, in: try scratch.store()) { reported.codes.append($0.code) }
            let changed = Locked(false)
            withObservationTracking {
                _ = fontSize.value
            } onChange: {
                changed.withLock { $0 = true }
            }
            try writeFromAnotherProcess(30, to: scratch.domainPath())
            #expect(await eventually { fontSize.value == 30 })
            #expect(changed.withLock { $0 })
            #expect(reported.codes.isEmpty)
        }
    }

    /// A stored value that does not read is reported, and the value stays the last good one.
    @Test func unreadableValueIsReportedAndTheLastGoodValueStays() async throws {
        try await withScratch { scratch in
            let reported = Reported()
            try scratch.store().set(20, forKey: "fontSize")
            let fontSize = ObservablePreference(.fontSize, in: try scratch.store()) { reported.codes.append($0.code) }
            #expect(fontSize.value == 20)
            try scratch.store().set("huge", forKey: "fontSize")
            #expect(await eventually { reported.codes == [.typeMismatch] })
            #expect(fontSize.value == 20)
            try scratch.store().set(22, forKey: "fontSize")
            #expect(await eventually { fontSize.value == 22 })
        }
    }

    /// Following the store keeps no hold on the model: released, it goes.
    @Test func releasedModelGoes() async throws {
        try await withScratch { scratch in
            weak var released: ObservablePreference<Int>?
            do {
                let fontSize = ObservablePreference(.fontSize, in: try scratch.store()) { _ in }
                released = fontSize
                try scratch.store().set(13, forKey: "fontSize")
                #expect(await eventually { fontSize.value == 13 })
            }
            #expect(released == nil)
        }
    }

    /// A value that cannot be stored (the domain file does not read) is reported, and the file
    /// is left as it was.
    @Test func valueThatCannotBeStoredIsReported() throws {
        try withScratch { scratch throws in
            let reported = Reported()
            try scratch.write("not a plist", to: scratch.domainPath())
            let fontSize = ObservablePreference(.fontSize, in: try scratch.store()) { reported.codes.append($0.code) }
            #expect(reported.codes == [.unreadable])
            fontSize.value = 14
            #expect(reported.codes == [.unreadable, .unreadable])
            #expect(fontSize.value == 12)
            #expect(scratch.bytes(scratch.domainPath()) == Array("not a plist".utf8))
        }
    }
}
