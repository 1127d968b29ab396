/** English texts of the account screen (spec 2 §2, §4, §5). */
export const account = {
  title: 'Service Accounts',
  changePassword: 'Change Password',
  passwordChanged: 'Password changed successfully.',
} as const;
