from django.urls import path

from shop import views

urlpatterns = [
    path("api/users/me/", views.Me.as_view()),
    path("api/orders/", views.OrderList.as_view()),
    path("api/orders/late_report/", views.LateReport.as_view()),
    path("api/orders/<int:pk>/", views.OrderDetail.as_view()),
]
