//! What the CPU offers beyond the build's baseline, asked at run time (`cpuid`), so one
//! binary built for the x86-64-v2 baseline can still take AVX2 code where it runs.
//! Nothing is cached: the search asks once per search, which costs a few `cpuid`
//! instructions and keeps the library free of global state.

/// Whether AVX2 code may run here: the CPU has AVX and AVX2 (`cpuid` leaves 1 and 7)
/// and the operating system saves the 256-bit registers (`OSXSAVE` set, and bits 1
/// and 2 of `XCR0`, the SSE and AVX state). `false` on other targets, and in builds
/// that already enable AVX2 everywhere (they need no second build).
pub(super) fn avx2() -> bool {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
    {
        detect_avx2()
    }
    #[cfg(not(all(target_arch = "x86_64", not(target_feature = "avx2"))))]
    {
        false
    }
}

#[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
#[allow(unused_unsafe)] // `__cpuid` is an unsafe function before Rust 1.87
fn detect_avx2() -> bool {
    use core::arch::x86_64::{__cpuid, __cpuid_count};
    // SAFETY: `cpuid` exists on every x86-64 CPU; leaf 0 gives the highest leaf.
    let highest = unsafe { __cpuid(0) }.eax;
    if highest < 7 {
        return false;
    }
    // SAFETY: as above; leaf 1 is below the highest.
    let ecx = unsafe { __cpuid(1) }.ecx;
    let (osxsave, avx) = (ecx & 1 << 27 != 0, ecx & 1 << 28 != 0);
    if !osxsave || !avx {
        return false;
    }
    // SAFETY: OSXSAVE says the OS enabled `xgetbv`.
    if unsafe { xcr0() } & 0b110 != 0b110 {
        return false;
    }
    // SAFETY: leaf 7 is at most the highest leaf.
    unsafe { __cpuid_count(7, 0) }.ebx & 1 << 5 != 0
}

/// The extended control register 0: which register states the OS saves.
///
/// # Safety
/// The CPU must support `xgetbv` (`OSXSAVE`, `cpuid` leaf 1, ECX bit 27).
#[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
#[target_feature(enable = "xsave")]
unsafe fn xcr0() -> u64 {
    core::arch::x86_64::_xgetbv(0)
}

#[cfg(test)]
mod tests {
    extern crate std;

    #[test]
    #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
    fn detection_agrees_with_the_standard_library() {
        assert_eq!(super::avx2(), std::is_x86_feature_detected!("avx2"));
    }
}
