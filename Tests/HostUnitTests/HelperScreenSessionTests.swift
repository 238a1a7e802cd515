import Synchronization
import Testing
@testable import StrataHost

/// How strata takes the frames a helper sends for a screen (``HelperScreenSession``): the answer to the
/// request that waits, and frames drawn unasked told to the screen showing the session, one redraw at a time.
@Suite struct HelperScreenSessionTests {
    /// A frame the helper drew unasked with `text` in its path.
    static func pushed(_ text: String) -> HelperScreenFrame { HelperScreenFrame(header: .init(path: [text])) }

    /// A feature that loads as it opens pushes a frame before strata's screen observes the session; every
    /// frame pushed after that is still told. (Before, the first frame left a redraw pending that no one would
    /// take, so a reply streaming in through a helper stopped being drawn once its animation ended.)
    @Test func aFramePushedBeforeTheScreenObservesHoldsNoRedrawBack() {
        var state = HelperScreenSession.State()
        guard case .kept = state.take(Self.pushed("loaded")) else { Issue.record("told to no one"); return }
        #expect(state.latest.title == "loaded", "the first draw shows it")

        let told = Mutex(0)
        state.onEvent = { if case .redraw = $0 { told.withLock { $0 += 1 } } }
        guard case .redraw(let tell) = state.take(Self.pushed("streamed")) else { Issue.record("the next frame wasn't told"); return }
        tell(.redraw)
        #expect(told.withLock { $0 } == 1 && state.latest.title == "streamed")
        // One redraw at a time: until it is taken, further frames are kept, then told again.
        guard case .kept = state.take(Self.pushed("more")) else { Issue.record("told twice before taken"); return }
        state.redrawPending = false
        guard case .redraw = state.take(Self.pushed("last")) else { Issue.record("not told after the redraw was taken"); return }
    }

    /// The frame answering the waiting request goes to it, not to a redraw.
    @Test func theAnswerGoesToTheRequestThatWaits() {
        var state = HelperScreenSession.State()
        state.onEvent = { _ in }
        state.waiting = 3
        guard case .answer = state.take(HelperScreenFrame(header: .init(sequence: 3))) else { Issue.record("not the answer"); return }
        #expect(state.answer?.header.sequence == 3 && !state.redrawPending)
    }
}
