import BlocksDomain
import Testing

struct TimeTests {
    @Test func splitsSecondsIntoHoursMinutesSeconds() {
        let time = Time(totalSeconds: 3_725)
        #expect(time.hours == 1)
        #expect(time.minutes == 2)
        #expect(time.seconds == 5)
        #expect(time.description == "1:02:05")
    }

    @Test func countingDownBorrowsFromMinutesAndHours() {
        var time = Time(hours: 1, minutes: 0, seconds: 0)
        time.countDown()
        #expect(time == Time(hours: 0, minutes: 59, seconds: 59))
        #expect(time.description == "0:59:59")
    }

    @Test func countingDownSeveralSecondsBorrowsAcrossUnits() {
        let time = Time(hours: 2, minutes: 1, seconds: 10).subtracting(75)
        #expect(time.description == "1:59:55")
        #expect(Time(hours: 2, minutes: 0, seconds: 5).subtracting(3_606).description == "0:59:59")
    }

    @Test func countingDownPastZeroStopsAtZero() {
        #expect(Time(totalSeconds: 5).subtracting(9) == .zero)
        #expect(Time(totalSeconds: -30) == .zero)
    }

    @Test func addingCarriesIntoMinutesAndHours() {
        #expect(Time(hours: 0, minutes: 59, seconds: 58).adding(3).description == "1:00:01")
        #expect(Time(hours: 0, minutes: 0, seconds: 90).description == "0:01:30")
    }

    @Test(arguments: [0, 1, 59, 60, 61, 3_599, 3_600, 86_399, 90_061])
    func countDownAgreesWithTotalSeconds(total: Int) {
        for step in [1, 59, 61, 3_601] {
            #expect(Time(totalSeconds: total).subtracting(step).totalSeconds == max(0, total - step))
        }
    }
}
