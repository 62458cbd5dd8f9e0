

// Cart wire shapes (SPEC §3 Cart, §7 Cart). Owned by the cart module.
export {};
