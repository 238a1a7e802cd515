import Foundation
import RunningDomain
import RunningTesting
import Testing
@testable import RunningPresentation

/// The file a track access gives for a typed path (strata's copy, in a sandboxed helper), or its refusal.
struct StubTrackFileAccess: TrackFileAccess {
    let answer: @Sendable (String) throws -> URL
    /// What completion offers, as strata lists it for a sandboxed helper.
    var paths: [String] = []

    func readable(typed path: String) async throws -> URL { try answer(path) }
    func paths(completing typed: String) -> [String] { paths.filter { $0.hasPrefix(typed) } }
}

/// The setup form reads a typed track through its access: the run uses the file given, the form remembers
/// the path typed, a track the person didn't allow is the form's error, and Tab completes through it.
@MainActor
struct RunSetupTrackAccessTests {
    private let profile = RunnerProfile(nickname: "ana", weightKg: 70, defaultGoalKm: 3)

    @Test func aTypedTrackIsReadFromTheFileItsAccessGivesAndThePathTypedIsRemembered() async throws {
        let access = StubTrackFileAccess { typed in
            #expect(typed == "/home/u/runs/lake.gpx")
            return URL(fileURLWithPath: "/data/running/.strata-files/7/picked-0/a.gpx")
        }
        let tracks = StubTrackRepository(tracks: ["a.gpx": .stub(km: 5)])
        let viewModel = RunSetupViewModel(tracks: tracks, access: access, profile: profile)
        viewModel.trackPath = " /home/u/runs/lake.gpx "
        let request = try #require(await viewModel.makeRequest())
        #expect(request.route.lengthKm == 5)
        #expect(tracks.memory.last.mine == "/home/u/runs/lake.gpx", "not strata's copy")
    }

    /// A sandboxed helper can't list the person's folders: Tab completes with what the access lists (strata,
    /// there), not the repository, which finds nothing.
    @Test func tabCompletesWithWhatTheAccessLists() {
        let access = StubTrackFileAccess(answer: { _ in throw TrackAccessProblem.refused(reason: "not read here") }, paths: ["/home/u/runs/lake.gpx"])
        let viewModel = RunSetupViewModel(tracks: StubTrackRepository(tracks: [:]), access: access, profile: profile)
        viewModel.trackPath = "/home/u/runs/la"
        #expect(viewModel.completePath(in: .track) == "/home/u/runs/lake.gpx")
        #expect(viewModel.trackPath == "/home/u/runs/lake.gpx")
    }

    @Test func aTrackThePersonDidntAllowIsTheFormsError() async {
        let access = StubTrackFileAccess { _ in throw TrackAccessProblem.denied(file: "/home/u/lake.gpx", folder: "/data/running") }
        let viewModel = RunSetupViewModel(tracks: StubTrackRepository(tracks: [:]), access: access, profile: profile)
        viewModel.trackPath = "/home/u/lake.gpx"
        #expect(await viewModel.makeRequest() == nil)
        #expect(
            viewModel.errorMessage
                == "you didn't allow strata to give Running the track /home/u/lake.gpx; press Enter again and allow it on strata's question, "
                + "or copy the track into Running's folder /data/running")
    }
}
