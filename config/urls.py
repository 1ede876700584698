from django.contrib import admin
from allauth.account import views as account_views
from django.contrib.auth import views as auth_views
from django.urls import include, path

from league.forms.accounts import LoginForm

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"),
    # Sign-up with email confirmation: django-allauth's views in the site's
    # templates (templates/account/); allauth's own links name its login
    # "account_login", the same page as "login".
    path("accounts/signup/", account_views.signup, name="account_signup"),
    path("accounts/confirm-email/", account_views.email_verification_sent, name="account_email_verification_sent"),
    path("accounts/confirm-email/<str:key>/", account_views.confirm_email, name="account_confirm_email"),
    path("accounts/login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="account_login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Password reset by email and change when logged in: Django's own views, the
    # site's templates (templates/registration/), email through EMAIL_BACKEND.
    path("accounts/password/change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("accounts/password/reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/password/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("accounts/password/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("accounts/password/reset/done/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include("api.urls")),  # the JSON API (docs/api.md)
    path("", include("league.urls")),
]
