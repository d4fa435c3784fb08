/**
 * Payment verification: one use case that every purchase goes through (keys, credits, merchant
 * credits, payment confirmation).
 */
package org.walletstate.application.payment;
