//! Microseconds per execution of each target body on pseudo-random inputs
//! (native, no instrumentation): `cargo run --release -p hupai-fuzz --example
//! throughput`. A slow body starves the fuzzer; this shows which.

fn main() {
    let mut x = 1u64;
    let mut byte = || {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (x >> 56) as u8
    };
    let inputs: Vec<Vec<u8>> = (0..2000)
        .map(|_| (0..40).map(|_| byte()).collect())
        .collect();
    for (name, target) in hupai_fuzz::TARGETS {
        let start = std::time::Instant::now();
        for input in &inputs {
            target(input);
        }
        let us = start.elapsed().as_secs_f64() * 1e6 / inputs.len() as f64;
        println!("{name:<16} {us:>8.1} us");
    }
}
