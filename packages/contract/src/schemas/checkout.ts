

// Checkout, payment intent, order and saved-card wire shapes (SPEC §3 Order, Shipping form; §7 Payment and orders).
export {};
