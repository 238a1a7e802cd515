import Testing
@testable import RunningDomain

struct CaloriesTests {
    @Test func motionStateFollowsTheStatedSpeedThresholds() {
        #expect(MotionState(speedKmh: 0) == .stationary)
        #expect(MotionState(speedKmh: 0.99) == .stationary)
        #expect(MotionState(speedKmh: 1.0) == .walking)
        #expect(MotionState(speedKmh: 6.99) == .walking)
        #expect(MotionState(speedKmh: 7.0) == .running)
        #expect(MotionState(speedKmh: 20) == .running)
    }

    @Test func caloriesPerSecondUseMateRunnersFormula() {
        // 1.08 × 10 METs × 65 kg / 3600
        #expect(abs(Calories.perSecond(speedKmh: 12, weightKg: 65) - 0.195) < 1e-12)
        // 1.08 × 3.8 METs × 80 kg / 3600
        #expect(abs(Calories.perSecond(speedKmh: 5, weightKg: 80) - 0.0912) < 1e-12)
        #expect(Calories.perSecond(speedKmh: 0.5, weightKg: 65) == 0)
    }

    @Test func anHourOfRunningBurnsTenMETHours() {
        let hour = (0..<3600).reduce(0.0) { sum, _ in sum + Calories.perSecond(speedKmh: 10, weightKg: 70) }
        #expect(abs(hour - 1.08 * 10 * 70) < 1e-6)
    }
}
