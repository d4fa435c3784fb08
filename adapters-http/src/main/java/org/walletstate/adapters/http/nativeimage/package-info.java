/** What a native executable must keep for reflection, beyond what Quarkus registers itself. */
package org.walletstate.adapters.http.nativeimage;
