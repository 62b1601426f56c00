fn main() {
    for k in hupai::table::KINDS {
        std::fs::write(format!("tables/{}", k.file), (k.generate)()).unwrap();
    }
}
