import Foundation
import RunningDomain
import RunningTesting
import Testing
@testable import RunningPresentation

/// The file a track access gives for a typed path (strata's copy, in a sandboxed helper), or its refusal.
struct StubTrackFileAccess: TrackFileAccess {
    let answer: @Sendable (String) throws -> URL

    func readable(typed path: String) async throws -> URL { try answer(path) }
}

/// The setup form reads a typed track through its access: the run uses the file given, the form remembers
/// the path typed, and a track the person didn't allow is the form's error.
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
