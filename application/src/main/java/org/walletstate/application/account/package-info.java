/** Use cases of accounts: keys, credits, limits. */
package org.walletstate.application.account;
