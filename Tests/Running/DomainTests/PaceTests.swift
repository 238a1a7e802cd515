import Testing
@testable import RunningDomain

struct PaceTests {
    @Test func paceReadsMinutesAndSecondsPerKm() {
        #expect(Pace("5:30")?.secondsPerKm == 330)
        #expect(Pace("10:05")?.secondsPerKm == 605)
        #expect(Pace("5:3") == nil)
        #expect(Pace("5:60") == nil)
        #expect(Pace("1:00") == nil)
        #expect(Pace("abc") == nil)
    }
}
