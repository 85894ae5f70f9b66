//! Any bytes → the network file loader (`wingtip_codegen::net::NetFile::from_bytes`),
//! twice: as given, and with the checksum (the last 8 bytes) recomputed, so that
//! mutations reach the checks after it instead of all failing on it.
//!
//! The loader never panics. A file that loads has the shape its header declares
//! (hidden width in 1..=1024, 1 or 8 output buckets, a valid king map if any,
//! every weight array of its size); the crate's encoder (`to_bytes`) gives back exactly the bytes it came
//! from, and those load to an equal network.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wingtip_codegen::net::{
    check_king_map, fnv1a, king_buckets, layout_size, NetFile, BUCKETS, INPUTS, MAX_HIDDEN,
    MAX_KING_BUCKETS,
};

fuzz_target!(|data: &[u8]| {
    check(data);
    if data.len() >= 8 {
        let mut fixed = data.to_vec();
        let body = fixed.len() - 8;
        let sum = fnv1a(&fixed[..body]);
        fixed[body..].copy_from_slice(&sum.to_le_bytes());
        check(&fixed);
    }
});

fn check(bytes: &[u8]) {
    let net = match NetFile::from_bytes(bytes) {
        Ok(net) => net,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    assert!(
        (1..=MAX_HIDDEN).contains(&net.hidden),
        "hidden {}",
        net.hidden
    );
    assert!(
        net.buckets == 1 || net.buckets == BUCKETS,
        "{} buckets",
        net.buckets
    );
    let kings = net.king_map.as_ref().map(king_buckets);
    if let (Some(map), Some(k)) = (&net.king_map, kings) {
        assert!((1..=MAX_KING_BUCKETS).contains(&k), "{k} king buckets");
        assert_eq!(check_king_map(map, k), Ok(()));
    }
    assert_eq!(net.inputs(), INPUTS * kings.unwrap_or(1));
    assert_eq!(net.w1.len(), net.inputs() * net.hidden);
    assert_eq!(net.b1.len(), net.hidden);
    assert_eq!(net.w2.len(), 2 * net.hidden * net.buckets);
    assert_eq!(net.b2.len(), net.buckets);
    assert_eq!(bytes.len(), layout_size(net.hidden, net.buckets, kings));
    let encoded = net.to_bytes();
    assert!(encoded == bytes, "the encoder changed the file");
    assert_eq!(NetFile::from_bytes(&encoded), Ok(net));
}
